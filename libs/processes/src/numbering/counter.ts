/** The one event of a counter stream: `number` of `sequence` went to `record_id`. */
export const NUMBER_ASSIGNED = 'NumberAssigned';

const COUNTER_PREFIX = 'counter-';

/** Per-account numbers (item and document numbers) live on one counter stream per sequence. */
export function counterStream(accountId: string, sequence: string): string {
  return `${COUNTER_PREFIX}${accountId}-${sequence}`;
}

/**
 * Whether the stream is a counter: a number drawn there is not the write it was drawn for (a
 * request that died after drawing and before its record's append wrote nothing but a gap).
 */
export function isCounterStream(streamId: string): boolean {
  return streamId.startsWith(COUNTER_PREFIX);
}
