import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { STOCK_TRANSFER_STATUS_NAMES, stockTransferSummaryView, stockTransferView } from '@app/domain';

/*
 * The stock transfer as the API answers it (inventory-api §2), as OpenAPI schemas. Each class
 * implements the type its view function returns, so the compiler keeps them in step.
 */

type StockTransferSummaryView = ReturnType<typeof stockTransferSummaryView>;
type StockTransferView = ReturnType<typeof stockTransferView>;
type StockTransferLineView = StockTransferView['lines'][number];
type StockTransferLocationView = StockTransferSummaryView['origin_location'];

const STATUS_IDS = Object.keys(STOCK_TRANSFER_STATUS_NAMES).map(Number);

/** `{id, name}` of a transfer's origin or destination; the name is live (null once unknown). */
@ApiSchema({ name: 'StockTransferLocation' })
export class StockTransferLocationSchema implements StockTransferLocationView {
  @ApiProperty({ type: 'string', format: 'uuid' })
  id!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'The location’s name as it reads now' })
  name!: string | null;
}

/** A transfer line (`stock_transfer_line`): no prices or costs. */
@ApiSchema({ name: 'StockTransferLine' })
export class StockTransferLineSchema implements StockTransferLineView {
  @ApiProperty({ type: 'string', format: 'uuid' })
  id!: string;

  @ApiProperty({ type: 'string', enum: ['stock_transfer_line'] })
  object!: 'stock_transfer_line';

  @ApiProperty({ type: 'string', format: 'uuid' })
  item_id!: string;

  @ApiProperty({ type: 'integer', nullable: true })
  item_variation_location_id!: number | null;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'Legacy: the variation as one string' })
  variation!: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Attribute label to value; {} when none',
  })
  variation_values!: Record<string, string>;

  @ApiProperty({ type: 'number', description: 'Positive; 1 for a unique item' })
  quantity!: number;

  @ApiProperty({ type: 'integer', nullable: true })
  unit_id!: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'HTTPS only; null for now' })
  thumbnail_url!: null;
}

/** A stock transfer as lists show it: no lines, no revision. */
@ApiSchema({ name: 'StockTransferSummary' })
export class StockTransferSummarySchema implements StockTransferSummaryView {
  @ApiProperty({ type: 'string', format: 'uuid' })
  id!: string;

  @ApiProperty({ type: 'string', enum: ['stock_transfer'] })
  object!: 'stock_transfer';

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Account-scoped' })
  stock_transfer_number!: number;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  assigned_user_id!: string | null;

  @ApiProperty({
    type: 'integer',
    enum: STATUS_IDS,
    description: '26 Pending, 27 In Transit, 28 Transferred',
  })
  status_id!: StockTransferSummaryView['status_id'];

  @ApiProperty({ type: 'string', enum: Object.values(STOCK_TRANSFER_STATUS_NAMES) })
  status!: string;

  @ApiProperty({ type: StockTransferLocationSchema })
  origin_location!: StockTransferLocationSchema;

  @ApiProperty({ type: StockTransferLocationSchema })
  destination_location!: StockTransferLocationSchema;

  @ApiProperty({ type: 'string', format: 'date' })
  issue_date!: string;

  @ApiProperty({ type: 'string', format: 'date', nullable: true })
  estimated_arrival_date!: string | null;

  @ApiProperty({ type: 'string', format: 'date', nullable: true })
  date_sent!: string | null;

  @ApiProperty({ type: 'string', format: 'date', nullable: true })
  date_received!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  shipping_provider!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  shipping_tracking_code!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updated_at!: string;
}

/** The detail (retrieve and write answers): the summary with its lines and revision. */
@ApiSchema({ name: 'StockTransfer' })
export class StockTransferSchema extends StockTransferSummarySchema implements StockTransferView {
  @ApiProperty({ type: StockTransferLineSchema, isArray: true })
  lines!: StockTransferLineSchema[];

  @ApiProperty({ type: 'string', pattern: '^st_\\d+$', example: 'st_3', description: 'Equals the ETag' })
  revision!: string;
}
