import { randomUUID } from 'node:crypto';
import { Decision, isRecordId } from '@app/domain';
import { EventMetadata, StreamAppend } from '@app/event-store';
import { AggregateDefinition, DomainEvent } from '@app/event-store/aggregate';
import { NumberedCreate, RecordWriter, resourceMissing } from '@app/runtime';
import { Actor, eventMetadata } from '../auth/actor';

/*
 * How every document type writes through its stream (documents-api §4): a create on a fresh
 * stream under a new id, any other command on the existing stream against the client's If-Match.
 * The type's own rules are its `decide`, run (again, on a conflict) with the state it decides on.
 */

/** A document after a write: its record (null once deleted), its last revision, what it appended. */
export interface DocumentWritten<R, E> {
  id: string;
  record: R | null;
  revision: number;
  events: E[];
}

/** What one decision of a write knows besides the state: the id, the metadata, the moment. */
export interface WriteMoment {
  id: string;
  metadata: EventMetadata;
  now: string;
}

/** A document's state: its record once live (absent before, deleted after). */
type DocumentState = { status: string };
type RecordOf<S> = S extends { status: 'live'; record: infer R } ? R : never;

/** Decides on the document's state (at `revision`) as it is when the write runs. */
export type Decide<S, E> = (current: S, moment: WriteMoment, revision: number) => Promise<Decision<E>>;

/** A numbered creation: its decision, and the draw that numbers its events and appends them (DocumentNumbers). */
export interface NumberedDecide<S, E> {
  decide: Decide<S, E>;
  numbered: NumberedCreate<E>;
}

/** Units or stock moved with the document's events, in the same atomic append. */
type Alongside = () => StreamAppend[];

/** A new document under a new id, numbered in its append when `creation` says how. */
export async function writeNewDocument<S extends DocumentState, E extends DomainEvent>(
  writer: RecordWriter,
  aggregate: AggregateDefinition<S, E>,
  actor: Actor,
  creation: Decide<S, E> | NumberedDecide<S, E>,
  alongside?: Alongside,
): Promise<DocumentWritten<RecordOf<S>, E>> {
  const id = randomUUID();
  const metadata = eventMetadata(actor);
  const { decide, numbered } =
    typeof creation === 'function' ? { decide: creation, numbered: undefined } : creation;
  const { state, revision, events } = await writer.write(
    aggregate,
    id,
    (current, at) => decide(current, { id, metadata, now: new Date().toISOString() }, at),
    { metadata, fresh: true, alongside, numbered },
  );
  return { id, record: liveRecord(state), revision, events };
}

/** A command on the existing document `id` (404 unless an id), against the client's If-Match. */
export async function writeDocument<S extends DocumentState, E extends DomainEvent>(
  writer: RecordWriter,
  aggregate: AggregateDefinition<S, E>,
  actor: Actor,
  target: { id: string; ifMatch?: number },
  decide: Decide<S, E>,
  alongside?: Alongside,
): Promise<DocumentWritten<RecordOf<S>, E>> {
  if (!isRecordId(target.id)) throw resourceMissing();
  const id = target.id.toLowerCase();
  const metadata = eventMetadata(actor);
  const { state, revision, events } = await writer.write(
    aggregate,
    id,
    (current, at) => decide(current, { id, metadata, now: new Date().toISOString() }, at),
    { metadata, ifMatch: target.ifMatch, alongside },
  );
  return { id, record: liveRecord(state), revision, events };
}

function liveRecord<S extends DocumentState>(state: S): RecordOf<S> | null {
  return state.status === 'live' ? (state as unknown as { record: RecordOf<S> }).record : null;
}
