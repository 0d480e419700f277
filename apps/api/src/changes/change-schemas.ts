import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions, ApiSchema } from '../openapi/decorators';
import { FEED_OBJECTS } from './feed-records';

/** The record changed; with expand=record, the record as of that revision. */
const CHANGED_RECORD: ApiPropertyOptions = {
  type: 'object',
  required: ['object', 'id', 'revision'],
  properties: {
    object: { type: 'string', enum: FEED_OBJECTS },
    id: { type: 'string', format: 'uuid' },
    revision: { type: 'integer', minimum: 0, description: 'The revision the change left the record at' },
  },
  additionalProperties: true,
  description:
    'The record changed; with expand=record, the record as of that revision, as its retrieve with as_of_revision answers (`{id, object, deleted: true}` for a delete)',
};

@ApiSchema({
  name: 'Change',
  description: 'One write of one record: a create, an update or action, or a delete',
})
export class ChangeSchema {
  @ApiProperty({ type: 'string', enum: ['change'] })
  object!: 'change';

  @ApiProperty({ type: 'string', format: 'uuid', description: 'Stable for the record and revision' })
  id!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  occurred_at!: string;

  @ApiProperty({ type: 'string', enum: ['created', 'updated', 'deleted'] })
  kind!: string;

  @ApiProperty(CHANGED_RECORD)
  record!: { object: string; id: string; revision: number };

  @ApiProperty({ type: 'string', isArray: true, description: 'The event types the write recorded, in order' })
  event_types!: string[];
}

/**
 * A page of a log-ordered list with the feed's signed cursor (the change feed, the account's log):
 * `hasMore` and `nextCursor` say how to go on.
 */
export function cursorPageSchema(name: string, entry: Type<unknown>, hasMore: string, nextCursor: string) {
  @ApiSchema({ name })
  class CursorPageSchema {
    @ApiProperty({ type: 'string', enum: ['list'] })
    object!: 'list';

    @ApiProperty({ type: 'string' })
    url!: string;

    @ApiProperty({ type: 'boolean', description: hasMore })
    has_more!: boolean;

    @ApiProperty({ type: 'string', description: nextCursor })
    next_cursor!: string;

    @ApiProperty({ type: entry, isArray: true })
    data!: unknown[];
  }
  return CursorPageSchema;
}

export const ChangePageSchema = cursorPageSchema(
  'ChangePage',
  ChangeSchema,
  'More changes follow: continue with next_cursor',
  'Where this page ends: send it as cursor to go on (it never expires)',
);
