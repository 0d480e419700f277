import { ApiProperty, ApiPropertyOptional, ApiSchema } from '../openapi/decorators';
import {
  ColumnDifference,
  ProjectorReport,
  RowExample,
  RowValues,
  TableReport,
  UnfinishedStep,
  VerifyReport,
} from '@app/read-models';
import {
  EnumProperty,
  IdProperty,
  IntegerProperty,
  ObjectProperty,
  TextProperty,
  TimestampProperty,
} from '../openapi/schema-properties';

/* A verify's report (docs/operations.md, "Verify"): the CLI's `verify --json` prints the same. */

const ROW_VALUES = {
  type: 'object',
  additionalProperties: { type: 'string', nullable: true },
  description: 'Column values as text (null: SQL NULL), by column name',
} as const;

@ApiSchema({ name: 'VerifyColumnDifference' })
export class ColumnDifferenceSchema implements ColumnDifference {
  @ApiProperty({ type: 'string' }) column!: string;
  @TextProperty() live!: string | null;
  @TextProperty() replayed!: string | null;
}

@ApiSchema({ name: 'VerifyRowExample' })
export class RowExampleSchema implements RowExample {
  @ApiProperty({ ...ROW_VALUES, description: "The row's primary key" }) key!: RowValues;
  @ApiPropertyOptional({ ...ROW_VALUES, description: 'The whole row (only live, only replayed)' })
  row?: RowValues;
  @ApiPropertyOptional({
    type: ColumnDifferenceSchema,
    isArray: true,
    description: 'The columns that differ',
  })
  columns?: ColumnDifference[];
}

@ApiSchema({ name: 'VerifyRowExamples' })
export class RowExamplesSchema {
  @ApiProperty({ type: RowExampleSchema, isArray: true }) only_live!: RowExample[];
  @ApiProperty({ type: RowExampleSchema, isArray: true }) only_replayed!: RowExample[];
  @ApiProperty({ type: RowExampleSchema, isArray: true }) different!: RowExample[];
}

@ApiSchema({ name: 'VerifyTable' })
export class TableReportSchema implements TableReport {
  @ApiProperty({ type: 'string' }) table!: string;
  @ApiProperty({ type: 'string', isArray: true, description: 'The primary key rows are matched on' })
  key!: string[];
  @IntegerProperty({ minimum: 0 }) only_live!: number;
  @IntegerProperty({ minimum: 0 }) only_replayed!: number;
  @IntegerProperty({ minimum: 0 }) different!: number;
  @ApiProperty({ type: RowExamplesSchema, description: 'The first few of each, by key' })
  examples!: RowExamplesSchema;
}

@ApiSchema({ name: 'VerifyProjector' })
export class ProjectorReportSchema implements ProjectorReport {
  @ApiProperty({ type: 'string' }) name!: string;
  @IntegerProperty() version!: number;
  @EnumProperty(['equal', 'different', 'not_verified']) status!: ProjectorReport['status'];
  @TextProperty({ description: '`commit/prepare` both sides were compared at; null: the start' })
  position!: string | null;
  @IntegerProperty({ minimum: 0 }) events_replayed!: number;
  @ApiPropertyOptional({ type: 'string', description: 'Why it was not verified' }) reason?: string;
  @ApiProperty({ type: TableReportSchema, isArray: true, description: 'The tables that differ' })
  tables!: TableReport[];
}

@ApiSchema({ name: 'VerifyUnfinishedStepTrigger' })
export class UnfinishedStepTriggerSchema {
  @ApiProperty({ type: 'string' }) event_id!: string;
  @ApiProperty({ type: 'string' }) type!: string;
  @ApiProperty({ type: 'string' }) stream!: string;
  @IntegerProperty({ minimum: 0 }) revision!: number;
  @ApiProperty({ type: 'string' }) position!: string;
  @ApiProperty({ type: 'string' }) recorded_at!: string;
}

@ApiSchema({ name: 'VerifyUnfinishedStep' })
export class UnfinishedStepSchema implements UnfinishedStep {
  @ApiProperty({ type: 'string' }) process!: string;
  @ApiProperty({ type: 'string' }) missing!: string;
  @ApiProperty({ type: UnfinishedStepTriggerSchema }) trigger!: UnfinishedStep['trigger'];
}

@ApiSchema({ name: 'ProjectionVerification' })
export class VerifyReportSchema implements VerifyReport {
  @ObjectProperty('projection_verification') object!: 'projection_verification';
  @IdProperty() id!: string;
  @EnumProperty(['running', 'equal', 'different', 'failed'], {
    description:
      'different: a table or a step differs; failed: a projector (or the run) could not be verified',
  })
  status!: VerifyReport['status'];
  @TimestampProperty() started_at!: string;
  @TimestampProperty({ nullable: true }) finished_at!: string | null;
  @ApiProperty({ type: ProjectorReportSchema, isArray: true, description: 'Empty while running' })
  projectors!: ProjectorReport[];
  @ApiProperty({ type: UnfinishedStepSchema, isArray: true }) unfinished_steps!: UnfinishedStep[];
  @ApiPropertyOptional({ type: 'string', description: 'Why the run could not run at all' }) error?: string;
}
