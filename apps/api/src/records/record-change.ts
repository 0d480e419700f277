import { isRecordId } from '@app/domain';
import { AggregateDefinition, DomainEvent } from '@app/event-store/aggregate';
import { DecideOn, RecordWriter, resourceMissing, WriteResult } from '@app/runtime';
import { Actor, eventMetadata } from '../auth/actor';

/** One command on one record (a contact, a location, a customer …), as a controller sends it. */
export interface RecordChange<C> {
  actor: Actor;
  id: string;
  command: C;
  /** The client's If-Match. */
  ifMatch?: number;
  /** A create under a newly drawn id: no stream to read first. */
  fresh?: boolean;
}

/** The change through the record's stream (404 unless its id is one), `decide` run on its state. */
export function writeRecordChange<S, E extends DomainEvent>(
  writer: RecordWriter,
  aggregate: AggregateDefinition<S, E>,
  { actor, id, ifMatch, fresh }: RecordChange<unknown>,
  decide: DecideOn<S, E>,
): Promise<WriteResult<S, E>> {
  if (!isRecordId(id)) throw resourceMissing();
  return writer.write(aggregate, id, decide, { metadata: eventMetadata(actor), ifMatch, fresh });
}
