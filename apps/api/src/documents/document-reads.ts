import { DomainError, isDomainError, isRecordId } from '@app/domain';
import {
  pageOf,
  PAGE_PARAMS,
  parsePageRequest,
  Query,
  refuseUnknownParams,
  resourceMissing,
} from '@app/runtime';

/*
 * The reads every document type does alike (documents-api §4): a retrieve folds the document's
 * stream (the source of truth, with its revision) and shows it only as far as the actor may see
 * it; its own entries (payments, packing lists) are paged from that same fold.
 */

/** A document and its revision, from its stream, if `see` lets the actor see it; else 404. */
export async function readVisible<S, R>(
  writes: { read(id: string): Promise<{ state: S; revision: number }> },
  id: string,
  see: (state: S) => R | DomainError,
): Promise<{ record: R; revision: number }> {
  if (!isRecordId(id)) throw resourceMissing();
  const { state, revision } = await writes.read(id.toLowerCase());
  const record = see(state);
  if (isDomainError(record)) throw record;
  return { record, revision };
}

/** A page of a document's own entries, the page parameters checked before the document is read. */
export async function pageOfEntries<T>(query: Query, url: string, entries: () => Promise<readonly T[]>) {
  refuseUnknownParams(query, PAGE_PARAMS);
  const page = parsePageRequest(query);
  return pageOf(url, await entries(), page);
}

/** Payments newest payment date first; of one date the later recorded first. */
export function newestPaymentsFirst<P extends { payment_date: string }>(payments: readonly P[]): P[] {
  return payments
    .map((payment, index) => ({ payment, index }))
    .sort((a, b) => b.payment.payment_date.localeCompare(a.payment.payment_date) || b.index - a.index)
    .map(({ payment }) => payment);
}

/** Packing lists newest first. */
export function newestFirst<T>(entries: readonly T[]): T[] {
  return [...entries].reverse();
}
