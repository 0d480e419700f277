import {
  excludeSystemEvents,
  jsonEvent,
  Position as ClientPosition,
  ReadPosition,
  RecordedEvent as ClientRecordedEvent,
  START,
} from '@kurrent/kurrentdb-client';
import { EventData, EventMetadata, JsonObject, RecordedEvent } from '../event-store';
import { Position } from '../position';

/**
 * The one definition of "system event" ($-prefixed type: links, metadata, stats, ...): sent to the
 * server as a filter where the client can filter ($all subscriptions), applied here where it cannot
 * (readAll's pages, which are read unfiltered), so both paths agree.
 */
export const userEventsFilter = () => excludeSystemEvents();
const userEventType = new RegExp(userEventsFilter().regex);

export function isUserEvent(event: { type: string }): boolean {
  return userEventType.test(event.type);
}

/** Data and metadata both travel as JSON; missing metadata is written as `{}`. */
export function toClientEvent(event: EventData) {
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata ?? {} });
}

/**
 * The one metadata property an atomic append (multiStreamAppend) writes: the server takes only
 * string values there, so the engine's metadata travels as its JSON text, and is read back whole.
 */
export const METADATA_PROPERTY = 'engine-metadata';

export function toMultiAppendEvent(event: EventData) {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { [METADATA_PROPERTY]: JSON.stringify(event.metadata ?? {}) },
  });
}

export function fromClientEvent(event: ClientRecordedEvent): RecordedEvent {
  const position = requirePosition(event);
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: asJsonObject(event.data, `data of event ${event.id}`),
    metadata: engineMetadata(asJsonObject(event.metadata, `metadata of event ${event.id}`)),
    position,
    recordedAt: event.created,
  };
}

export function requirePosition(event: ClientRecordedEvent): Position {
  const position = fromClientPosition(event.position);
  if (!position) {
    throw new Error(
      `Event ${event.id} came without its log position (the server must be EventStoreDB 22.6 or newer)`,
    );
  }
  return position;
}

/** Where a read starts. ESDB treats a position as inclusive; callers skip the event at it. */
export function toReadPosition(after: Position | 'start'): ReadPosition {
  return after === 'start' ? START : { commit: after.commit, prepare: after.prepare };
}

/** The server encodes "no position" as -1, which arrives as 2^64-1 once read as unsigned. */
const NO_POSITION = 2n ** 64n - 1n;

export function fromClientPosition(position: ClientPosition | undefined): Position | undefined {
  if (!position || position.commit === NO_POSITION || position.commit < 0n) return undefined;
  return { commit: position.commit, prepare: position.prepare };
}

/** The metadata as the engine wrote it: unwrapped from its property when an atomic append wrote it. */
function engineMetadata(metadata: JsonObject): EventMetadata {
  const wrapped = metadata[METADATA_PROPERTY];
  if (typeof wrapped !== 'string') return metadata as EventMetadata;
  const parsed = parseBytes(Buffer.from(wrapped));
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as EventMetadata;
  throw new NotJsonObjectError(`The ${METADATA_PROPERTY} property is not a JSON object`);
}

/** JSON events arrive parsed; bytes (another writer's binary event) and empty bodies are handled too. */
function asJsonObject(value: unknown, what: string): JsonObject {
  const parsed = value instanceof Uint8Array ? parseBytes(value) : value;
  if (parsed instanceof Uint8Array) throw new NotJsonObjectError(`The ${what} is binary, not JSON`);
  if (parsed === undefined || parsed === '') return {};
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as JsonObject;
  throw new NotJsonObjectError(`The ${what} is not a JSON object`);
}

/** An event the engine cannot have written: its data or metadata is not a JSON object. */
export class NotJsonObjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotJsonObjectError';
  }
}

function parseBytes(bytes: Uint8Array): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return bytes;
  }
}
