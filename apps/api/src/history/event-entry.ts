import { JsonObject, RecordedEvent } from '@app/event-store';

const METADATA_KEYS = [
  'account_id',
  'user_id',
  'api_key_id',
  'request_id',
  'idempotency_key',
  'causation_id',
  'correlation_id',
] as const;

export type EventEntryMetadata = Record<(typeof METADATA_KEYS)[number], unknown>;

/** One entry of GET …/{id}/events (EXTENSIONS.md §8). */
export interface EventEntry {
  object: 'event';
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: object;
  metadata: EventEntryMetadata;
  recorded_at: string;
}

/** Every metadata key is present (null when the writer did not know it); nothing else is shown. */
export function eventEntry(event: RecordedEvent, data: JsonObject = event.data): EventEntry {
  const metadata = Object.fromEntries(
    METADATA_KEYS.map((key) => [key, event.metadata?.[key] ?? null]),
  ) as EventEntryMetadata;
  return {
    object: 'event',
    id: event.id,
    stream: event.streamId,
    revision: event.revision,
    type: event.type,
    data,
    metadata,
    recorded_at: event.recordedAt.toISOString(),
  };
}
