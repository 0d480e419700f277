import { ApiProperty, ApiSchema } from '../openapi/decorators';

const SOURCE_TYPES = ['adjustment', 'stock_transfer', 'invoice', 'sales_order', 'purchase_order', 'estimate'];

/** What moved the stock: a document and its line, or an adjustment and its reason. */
@ApiSchema({ name: 'StockMovementSource' })
export class StockMovementSourceSchema {
  @ApiProperty({
    enum: SOURCE_TYPES,
    description:
      '`adjustment` (a stock adjustment, or an item’s stock moving to its first variation), or the document type',
  })
  type!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The document; null for an adjustment',
  })
  id!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The document’s number; null for an adjustment',
  })
  number!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The document line; null for an adjustment and for a transfer’s on-hand movement (netted per location)',
  })
  line_id!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'An adjustment’s reason' })
  reason!: string | null;
}

/** The event that recorded the movement (see GET /{resource}/{id}/events). */
@ApiSchema({ name: 'StockMovementEvent' })
export class StockMovementEventSchema {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The stream, `<aggregate>-<uuid>` (`item-…`, `invoice-…`)' })
  stream_id!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'The event’s revision in its stream' })
  revision!: number;

  @ApiProperty({ description: 'The event type (`StockAdjusted`, `InvoiceCreated`, …)' })
  type!: string;
}

/**
 * One movement of an item's stock on one variation row and location (docs/inventory.md, The stock
 * ledger): the change to each quantity, the on-hand after it, its source, event, user and time.
 */
@ApiSchema({ name: 'StockMovement' })
export class StockMovementSchema {
  @ApiProperty({ description: '`<event id>:<n>`: the n-th movement the event made' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  item_id!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  variation_id!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The variation row; null for the item’s own stock',
  })
  item_variation_location_id!: number | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'null: the location-less row of open estimates or of an item without a location',
  })
  location_id!: string | null;

  @ApiProperty({ type: Number, description: 'Change to on hand (`quantity`)' })
  quantity!: number;

  @ApiProperty({ type: Number, description: 'Change to `quantity_reserved`' })
  quantity_reserved!: number;

  @ApiProperty({ type: Number, description: 'Change to `quantity_incoming`' })
  quantity_incoming!: number;

  @ApiProperty({ type: Number, description: 'Change to `in_transit`' })
  in_transit!: number;

  @ApiProperty({ type: Number, description: 'Change to `quantity_estimates`' })
  quantity_estimates!: number;

  @ApiProperty({ type: Number, description: 'On hand on this row and location right after the movement' })
  quantity_after!: number;

  @ApiProperty({ type: StockMovementSourceSchema })
  source!: StockMovementSourceSchema;

  @ApiProperty({ type: StockMovementEventSchema })
  event!: StockMovementEventSchema;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The acting user, from the event',
  })
  user_id!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The request’s Idempotency-Key, when it had one',
  })
  idempotency_key!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the event was recorded' })
  created_at!: string;
}
