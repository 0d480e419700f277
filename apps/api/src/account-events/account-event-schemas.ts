import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { cursorPageSchema } from '../changes/change-schemas';
import { FEED_OBJECTS } from '../changes/feed-records';
import { EventEntrySchema } from '../history/event-entry-schema';

@ApiSchema({ name: 'EventRecord', description: 'The record whose stream holds the event' })
export class EventRecordSchema {
  @ApiProperty({ type: 'string', enum: FEED_OBJECTS })
  object!: string;

  @ApiProperty({ type: 'string', format: 'uuid' })
  id!: string;
}

@ApiSchema({
  name: 'AccountEvent',
  description: 'One event of the account’s log: as the record’s `/events` shows it, with the record named',
})
export class AccountEventSchema extends EventEntrySchema {
  @ApiProperty({ type: EventRecordSchema })
  record!: EventRecordSchema;
}

export const AccountEventPageSchema = cursorPageSchema(
  'AccountEventPage',
  AccountEventSchema,
  'The log goes on past this page: continue with next_cursor',
  'Where this page ends: send it as cursor, with the same filters, to go on (it never expires)',
);
