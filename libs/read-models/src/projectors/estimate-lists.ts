import { ESTIMATE_KIND, EstimateEvent } from '@app/domain';
import {
  amountColumns,
  column,
  createdDocument,
  DOCUMENT_HEADER_COLUMNS,
  DOCUMENT_TRAILING_COLUMNS,
  documentIdentityColumns,
  DocumentListDeclaration,
  documentListProjector,
  listIndexes,
  updatedDocument,
} from './document-lists';

/** Text searched by the list's `q` (a substring, case-insensitive), each with a trigram index where possible. */
export const ESTIMATE_SEARCH_COLUMNS = ['customer_name', 'custom_estimate_number', 'name'] as const;

/** The `estimates` table; its columns and indexes are those of version 1. */
export const ESTIMATE_LIST: DocumentListDeclaration<EstimateEvent['type']> = {
  table: 'estimates',
  streamPrefix: 'estimate-',
  numberColumn: 'estimate_number',
  columns: {
    ...documentIdentityColumns('estimate_number', { custom_estimate_number: column('text', true) }),
    status_id: column('integer'),
    issue_date: column('date'),
    expiry_date: column('date'),
    ...DOCUMENT_HEADER_COLUMNS,
    ...amountColumns(ESTIMATE_KIND.amounts),
    ...DOCUMENT_TRAILING_COLUMNS,
  },
  // By salesperson: the list of a user without view-all (their own estimates only).
  indexes: listIndexes('estimates', 'estimate_number', {
    byNumber: ['salesperson_id', 'status_id'],
    byValue: ['customer_id', 'issue_date', 'expiry_date'],
  }),
  searchColumns: ESTIMATE_SEARCH_COLUMNS,
  fold: {
    EstimateCreated: (d) => createdDocument(ESTIMATE_KIND.amounts, d),
    EstimateUpdated: (d) => updatedDocument(ESTIMATE_KIND.amounts, d),
    EstimateDeclined: (d) => ({ changes: { status_id: d.status_id, updated_at: d.declined_at } }),
    EstimateExpired: (d) => ({ changes: { status_id: d.status_id, updated_at: d.expired_at } }),
    EstimateConverted: (d) => ({ changes: { status_id: d.status_id, updated_at: d.converted_at } }),
    EstimateDeleted: () => ({ deleted: true }),
  },
};

/**
 * Estimates as list rows (`estimates`): one row per live estimate, declined ones included; a
 * deleted estimate's row is removed. Amounts are copied from the events (calculated when the
 * estimate was decided), never recomputed; `line_count` leaves out the generated discount line.
 * `revision` is the stream revision of the estimate's last event. Estimates of 500 lines are
 * created in a benchmark: the batch is folded in memory (document-lists.ts).
 */
export const estimateListsProjector = documentListProjector({
  name: 'estimate_lists',
  version: 2,
  list: ESTIMATE_LIST,
});
