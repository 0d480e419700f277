import { DocumentLine } from '../document-lines';
import { DomainError, isDomainError, notFound } from '../shared/domain-error';
import { liveRecordIn, RecordState } from '../shared/record-state';
import { DocumentAmounts } from './amounts';
import { DocumentCustomerFields } from './customer';
import { DocumentHeaderFields } from './fields';

/** What every sales document's record holds, whatever else its type adds. */
export type SalesDocumentRecord = DocumentHeaderFields &
  DocumentCustomerFields & {
    id: string;
    account_id: string;
    salesperson_id: string;
    /** In stored order, the generated discount line last. */
    lines: DocumentLine[];
    totals: DocumentAmounts;
    created_at: string;
    updated_at: string;
  };

/** Who is looking, for visibility: account, user, and whether they see others' documents. */
export type DocumentSight = { accountId: string; userId: string; onlyOwnDocuments: boolean };

/** A live document of the caller's account that the caller may see, else 404 whatever the reason. */
export function visibleDocument<R extends SalesDocumentRecord>(
  state: RecordState<R>,
  sight: DocumentSight,
): R | DomainError {
  const document = liveRecordIn(state, sight.accountId);
  if (isDomainError(document)) return document;
  return sight.onlyOwnDocuments && document.salesperson_id !== sight.userId ? notFound() : document;
}

/** A document's update event over its record: the changed fields, and the lines and totals it carries. */
export function changedDocument<R extends { lines: DocumentLine[]; totals: object }>(
  record: R,
  data: { changes: Partial<NoInfer<R>>; lines?: DocumentLine[]; totals?: object },
): R {
  return {
    ...record,
    ...data.changes,
    lines: data.lines ?? record.lines,
    totals: (data.totals as R['totals'] | undefined) ?? record.totals,
  };
}

/** The balance of a payable document before any payment (an invoice, a purchase order). */
export const NOTHING_PAID = { amount_paid: '0.0000', date_fully_paid: null, payments: [] as never[] };
