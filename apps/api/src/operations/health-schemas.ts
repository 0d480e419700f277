import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import { EnumProperty, IntegerProperty, TextProperty } from '../openapi/schema-properties';
import { HealthProjector, HealthReport, StoreHealth } from './health';

/* GET /health's report, as an OpenAPI schema beside health.ts. */

@ApiSchema({ name: 'ProjectionFailedEvent' })
export class ProjectionFailedEventSchema {
  @ApiProperty({ type: 'string' }) id!: string;
  @ApiProperty({ type: 'string' }) stream!: string;
  @ApiProperty({ type: 'string' }) type!: string;
  @ApiProperty({ type: 'string' }) position!: string;
}

@ApiSchema({ name: 'StoreHealth' })
export class StoreHealthSchema implements StoreHealth {
  @ApiProperty({ type: 'string', example: 'pglite' }) kind!: string;
  @ApiProperty() ok!: boolean;
  @ApiPropertyOptional({ type: 'string' }) error?: string;
}

@ApiSchema({ name: 'HealthProjector' })
export class HealthProjectorSchema implements HealthProjector {
  @ApiProperty({ type: 'string' }) name!: string;
  @EnumProperty(['running', 'retrying', 'failed', 'standby', 'no_leader', 'paused', 'stopped'])
  state!: string;
  @TextProperty() position!: string | null;
  @IntegerProperty({ minimum: 0 }) lag!: number;
  @ApiPropertyOptional({ type: 'string' }) error?: string;
  @ApiPropertyOptional({ type: ProjectionFailedEventSchema }) failed_event?: ProjectionFailedEventSchema;
}

@ApiSchema({ name: 'HealthReport' })
export class HealthReportSchema implements HealthReport {
  @EnumProperty(['ok', 'unavailable']) status!: 'ok' | 'unavailable';
  @ApiProperty({ type: StoreHealthSchema }) database!: StoreHealthSchema;
  @ApiProperty({ type: StoreHealthSchema }) event_store!: StoreHealthSchema;
  @ApiProperty({ type: HealthProjectorSchema, isArray: true }) projectors!: HealthProjectorSchema[];
  @ApiProperty({ type: HealthProjectorSchema, isArray: true }) reactors!: HealthProjectorSchema[];
}
