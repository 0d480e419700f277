/** The one event of a counter stream: `number` of `sequence` went to `record_id`. */
export const NUMBER_ASSIGNED = 'NumberAssigned';

/** Per-account numbers (item and document numbers) live on one counter stream per sequence. */
export function counterStream(accountId: string, sequence: string): string {
  return `counter-${accountId}-${sequence}`;
}
