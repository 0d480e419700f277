import { DocumentLineView } from '../document-lines';
import {
  actionView,
  DOCUMENT_FIELD_RUNS,
  DocumentFieldValue,
  documentHeaderView,
  documentLinesView,
  DocumentViewer,
  inFieldOrder,
} from '../document';
import { money, rate } from '../shared/money';
import { EstimateRecord } from './state';
import { ESTIMATE_STATUS, ESTIMATE_STATUS_NAMES, EstimateStatusId } from './status';

/** Who is looking: what they may do and see changes the view, never the record. */
export type EstimateViewer = DocumentViewer;

/** An estimate as the API returns it (documents-api §2); `lines` only on single-record responses. */
export type EstimateView = {
  id: string | null;
  object: 'estimate';
  estimate_number: number | null;
  custom_estimate_number: string | null;
  name: string | null;
  customer_id: string;
  customer_name: string;
  customer_kind: 'customer' | 'prospect';
  salesperson_id: string;
  status_id: EstimateStatusId;
  status: string;
  issue_date: string;
  expiry_date: string;
  date_sent: string | null;
  purchase_order_number: string;
  attention: string | null;
  shipping_address: string | null;
  public_note: string | null;
  payment_terms: string | null;
  subtotal: string;
  shipping_fee: string;
  shipping_cost?: string;
  tax: string;
  tax_2: string;
  total: string;
  discount_percent: string;
  pre_discount_subtotal: string;
  discount: string;
  can_edit: boolean;
  edit_block_reason: 'estimate_not_open' | 'permission_denied' | null;
  revision: string | null;
  custom_field_values: DocumentFieldValue[];
  created_at: string | null;
  updated_at: string | null;
  lines?: DocumentLineView[];
};

/** The compact form of lists: everything but the lines. */
export function estimateSummaryView(
  estimate: EstimateRecord,
  revision: number,
  viewer: EstimateViewer,
): EstimateView {
  const open = estimate.status_id === ESTIMATE_STATUS.open;
  const header = documentHeaderView(estimate, viewer);
  const { totals } = estimate;
  return inFieldOrder(ESTIMATE_FIELD_ORDER, {
    id: estimate.id,
    object: 'estimate',
    estimate_number: estimate.estimate_number,
    custom_estimate_number: estimate.custom_estimate_number,
    ...header,
    customer_kind: estimate.customer_kind,
    status_id: estimate.status_id,
    status: ESTIMATE_STATUS_NAMES[estimate.status_id],
    expiry_date: estimate.expiry_date,
    date_sent: null,
    discount_percent: rate(estimate.discount_percent),
    pre_discount_subtotal: money(totals.pre_discount_subtotal),
    discount: money(totals.discount),
    ...actionView('edit', open ? null : 'estimate_not_open', viewer),
    revision: String(revision),
  } as EstimateView);
}

/** documents-api §2, Estimate. */
const ESTIMATE_FIELD_ORDER = [
  'id',
  'object',
  'estimate_number',
  'custom_estimate_number',
  ...DOCUMENT_FIELD_RUNS.customer,
  'customer_kind',
  'salesperson_id',
  ...DOCUMENT_FIELD_RUNS.status,
  'date_sent',
  ...DOCUMENT_FIELD_RUNS.addressee,
  ...DOCUMENT_FIELD_RUNS.notes,
  'subtotal',
  'shipping_fee',
  'shipping_cost',
  'tax',
  'tax_2',
  'total',
  'discount_percent',
  'pre_discount_subtotal',
  'discount',
  ...DOCUMENT_FIELD_RUNS.edit,
  'revision',
  'custom_field_values',
  ...DOCUMENT_FIELD_RUNS.stamps,
];

/** The detail form: with its lines in stored order, the generated discount line last. */
export function estimateView(
  estimate: EstimateRecord,
  revision: number,
  viewer: EstimateViewer,
): EstimateView {
  return {
    ...estimateSummaryView(estimate, revision, viewer),
    lines: documentLinesView(estimate, 'estimate_line', viewer),
  };
}

/**
 * What a preview shows: the estimate as it would be, with nothing a save would assign (id,
 * number, new line ids, revision, timestamps of a new estimate) — those are null.
 */
export function previewView(
  view: EstimateView,
  newLineIds: ReadonlySet<string>,
  isNew: boolean,
): EstimateView {
  return {
    ...view,
    ...(isNew ? { id: null, estimate_number: null, created_at: null, updated_at: null } : {}),
    revision: null,
    lines: view.lines?.map((line) =>
      line.id !== null && newLineIds.has(line.id) ? { ...line, id: null } : line,
    ),
  };
}
