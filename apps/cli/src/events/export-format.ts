import { createHash } from 'node:crypto';
import { formatPosition, Position, RecordedEvent } from '@app/event-store';
import { canonicalJson, recordOfStream } from '@app/runtime';

/**
 * The NDJSON export of an account's log (docs/audit-export.md): a header line naming the account,
 * the range and the log position it runs through, then one line per event. Every line carries a
 * `sha256` chained over the line before: the header's is the seed, SHA-256 (hex) of the header's
 * canonical JSON (RFC 8785) without `sha256`; an event line's is SHA-256 (hex) of the previous
 * line's `sha256` (64 hex characters) followed directly by the line's canonical JSON without
 * `sha256`, as UTF-8.
 */
export const EXPORT_FORMAT = 'account-events';
export const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  account_id: string;
  /** Recorded at or after (inclusive); null for the account's beginning. */
  since: string | null;
  /** Recorded before (exclusive); null for no end in time. */
  until: string | null;
  /** The log position the export read through (the head when it began); null for an empty log. */
  through: string | null;
  sha256: string;
}

/** One event, complete: the auditor's copy keeps every metadata key as recorded. */
export interface ExportLine {
  position: string;
  id: string;
  stream: string;
  record: { object: string; id: string };
  revision: number;
  type: string;
  data: object;
  metadata: object;
  recorded_at: string;
  sha256: string;
}

export type Unhashed<T> = Omit<T, 'sha256'>;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The header, its `sha256` the chain's seed. */
export function exportHeader(fields: Unhashed<Omit<ExportHeader, 'format' | 'version'>>): ExportHeader {
  const header = { format: EXPORT_FORMAT, version: EXPORT_VERSION, ...fields } as const;
  return { ...header, sha256: sha256Hex(canonicalJson(header)) };
}

/** A line's `sha256`, chained from the previous line's. */
export function chainedHash(previous: string, line: object): string {
  const { sha256: _hash, ...unhashed } = line as { sha256?: string };
  return sha256Hex(previous + canonicalJson(unhashed));
}

/** The event's line in the export, chained from `previous`. */
export function exportLine(event: RecordedEvent, previous: string): ExportLine {
  const line: Unhashed<ExportLine> = {
    position: formatPosition(event.position),
    id: event.id,
    stream: event.streamId,
    record: recordOfStream(event.streamId),
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recorded_at: event.recordedAt.toISOString(),
  };
  return { ...line, sha256: chainedHash(previous, line) };
}

export function positionText(position: Position | undefined): string | null {
  return position ? formatPosition(position) : null;
}
