import { documentLineView, DocumentLineView } from '../document-lines';
import { money, rate } from '../shared/money';
import { DocumentFieldValue } from './fields';
import { EstimateRecord } from './state';
import { ESTIMATE_STATUS, ESTIMATE_STATUS_NAMES, EstimateStatusId } from './status';

/** Who is looking: what they may do and see changes the view, never the record. */
export type EstimateViewer = {
  /** `estimates.modify`. */
  mayModify: boolean;
  /** `unit_cost.view`: without it shipping_cost, unit_cost and total_cost are left out. */
  showCost: boolean;
  /** By item id: the item's current thumbnail (HTTPS only), for its lines. */
  thumbnails?: ReadonlyMap<string, string>;
};

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
  const { totals } = estimate;
  return {
    id: estimate.id,
    object: 'estimate',
    estimate_number: estimate.estimate_number,
    custom_estimate_number: estimate.custom_estimate_number,
    name: estimate.name,
    customer_id: estimate.customer_id,
    customer_name: estimate.customer_name,
    customer_kind: estimate.customer_kind,
    salesperson_id: estimate.salesperson_id,
    status_id: estimate.status_id,
    status: ESTIMATE_STATUS_NAMES[estimate.status_id],
    issue_date: estimate.issue_date,
    expiry_date: estimate.expiry_date,
    date_sent: null,
    purchase_order_number: estimate.purchase_order_number,
    attention: estimate.attention,
    shipping_address: estimate.shipping_address,
    public_note: estimate.public_note,
    payment_terms: estimate.payment_terms,
    subtotal: money(totals.subtotal),
    shipping_fee: money(estimate.shipping_fee),
    ...(viewer.showCost ? { shipping_cost: money(estimate.shipping_cost) } : {}),
    tax: money(totals.tax),
    tax_2: money(totals.tax_2),
    total: money(totals.total),
    discount_percent: rate(estimate.discount_percent),
    pre_discount_subtotal: money(totals.pre_discount_subtotal),
    discount: money(totals.discount),
    can_edit: open && viewer.mayModify,
    edit_block_reason: !open ? 'estimate_not_open' : viewer.mayModify ? null : 'permission_denied',
    revision: String(revision),
    custom_field_values: estimate.custom_field_values.map((entry) => ({ ...entry })),
    created_at: estimate.created_at,
    updated_at: estimate.updated_at,
  };
}

/** The detail form: with its lines in stored order, the generated discount line last. */
export function estimateView(
  estimate: EstimateRecord,
  revision: number,
  viewer: EstimateViewer,
): EstimateView {
  return {
    ...estimateSummaryView(estimate, revision, viewer),
    lines: estimate.lines.map((line) =>
      documentLineView(line, {
        object: 'estimate_line',
        showCost: viewer.showCost,
        thumbnailUrl: line.item_id === null ? null : (viewer.thumbnails?.get(line.item_id) ?? null),
      }),
    ),
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
