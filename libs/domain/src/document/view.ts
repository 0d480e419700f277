import { DocumentLine, documentLineView, DocumentLineView } from '../document-lines';
import { money } from '../shared/money';
import { DocumentAmounts, TaxInclusiveDocumentAmounts } from './amounts';
import { headerOf } from './draft';
import { SalesDocumentRecord } from './record';

/** Who is looking: what they may do and see changes the view, never the record. */
export type DocumentViewer = {
  /** The document type's modify permission. */
  mayModify: boolean;
  /** `unit_cost.view`: without it shipping_cost, unit_cost and total_cost are left out. */
  showCost: boolean;
  /** By item id: the item's current thumbnail (HTTPS only), for its lines. */
  thumbnails?: ReadonlyMap<string, string>;
  /** The current SKUs of the lines' items (a live value); without them the lines show the stored ones. */
  skus?: LiveSkus;
};

/**
 * The SKUs the lines' items have now (documents-api §2: SKU is a live value of the item), looked
 * up for the lines shown: by item id (null: none; an item missing here is gone), and by
 * `item_variation_location_id` the variation's own barcode or SKU ("" when none: the item's then).
 */
export type LiveSkus = {
  items: ReadonlyMap<string, string | null>;
  variations: ReadonlyMap<number, string>;
};

/**
 * A line's SKU as it reads now, the way the line took it when built (the variation's, else the
 * item's); a line without an item keeps the one it has.
 */
export function liveSkuOf(
  line: Pick<DocumentLine, 'item_id' | 'item_variation_location_id' | 'sku'>,
  skus: LiveSkus | undefined,
): string | null {
  if (line.item_id === null || skus === undefined) return line.sku;
  const variation =
    line.item_variation_location_id === null
      ? undefined
      : skus.variations.get(line.item_variation_location_id);
  return variation || (skus.items.get(line.item_id) ?? null);
}

/** The party's contact and address lines as they read now (documents-api §2, `party`). */
export type DocumentParty = {
  account_number: string | null;
  phone: string | null;
  email: string | null;
  billing_address: string[];
  shipping_address: string[];
};

/** Contact fields live from the party (null: it is gone); the shipping address the document's own when it has one. */
export function documentPartyView(
  document: Pick<SalesDocumentRecord, 'shipping_address'>,
  party: DocumentParty | null,
): DocumentParty {
  const lines = (document.shipping_address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    account_number: party?.account_number ?? null,
    phone: party?.phone ?? null,
    email: party?.email ?? null,
    billing_address: party?.billing_address ?? [],
    shipping_address: lines.length > 0 ? lines : (party?.shipping_address ?? []),
  };
}

/** Who is looking at a document's detail, with the live values it shows. */
export type DocumentDetailViewer = DocumentViewer & {
  /** The party as it reads now; null when it is gone. */
  party?: DocumentParty | null;
  taxLabels?: { tax_label: string | null; tax_2_label: string | null };
};

/** What the detail of a tax-inclusive document adds: the discount's totals and the account's tax labels. */
export function documentDetailView(
  document: { totals: Pick<TaxInclusiveDocumentAmounts, 'pre_discount_total' | 'discount_total'> },
  viewer: DocumentDetailViewer,
) {
  return {
    pre_discount_total: money(document.totals.pre_discount_total),
    discount_total: money(document.totals.discount_total),
    tax_label: viewer.taxLabels?.tax_label ?? null,
    tax_2_label: viewer.taxLabels?.tax_2_label ?? null,
  };
}

/**
 * `can_<action>` and `<action>_block_reason` (`edit`, `pack`): the document's own block (null:
 * none) first, then the viewer's permission.
 */
export function actionView<A extends string>(
  action: A,
  block: string | null,
  viewer: Pick<DocumentViewer, 'mayModify'>,
) {
  return {
    [`can_${action}`]: block === null && viewer.mayModify,
    [`${action}_block_reason`]: block ?? (viewer.mayModify ? null : 'permission_denied'),
  } as { [K in `can_${A}`]: boolean } & { [K in `${A}_block_reason`]: string | null };
}

/**
 * Runs of fields the document views show in the same order (documents-api §2); each type's field
 * order places them among its own.
 */
export const DOCUMENT_FIELD_RUNS = {
  customer: ['name', 'customer_id', 'customer_name'],
  status: ['status_id', 'status', 'issue_date', 'expiry_date'],
  addressee: ['purchase_order_number', 'attention', 'shipping_address'],
  notes: ['public_note', 'payment_terms'],
  /** The money fields of the totals, the charges and the balance. */
  amounts: ['subtotal', 'shipping_fee', 'tax', 'tax_2', 'total', 'amount_paid', 'amount_due'],
  /** The detail's discount totals and the account's tax labels. */
  discount: ['pre_discount_total', 'discount_total', 'tax_label', 'tax_2_label'],
  edit: ['can_edit', 'edit_block_reason'],
  pack: ['can_pack', 'pack_block_reason'],
  stamps: ['created_at', 'updated_at'],
} as const;

/** The money fields of a document's totals and shipping fee. */
export function documentAmountsView(document: {
  totals: Pick<DocumentAmounts, 'subtotal' | 'tax' | 'tax_2' | 'total'>;
  shipping_fee: string;
}) {
  const { totals } = document;
  return {
    subtotal: money(totals.subtotal),
    shipping_fee: money(document.shipping_fee),
    tax: money(totals.tax),
    tax_2: money(totals.tax_2),
    total: money(totals.total),
  };
}

/** The header every sales document shows, in its field order; each type adds its own around it. */
export function documentHeaderView(document: SalesDocumentRecord, viewer: DocumentViewer) {
  // The charges and the discount are shown as money and rates, by the views.
  const {
    shipping_fee: _fee,
    shipping_cost: _cost,
    discount_percent: _discount,
    ...header
  } = headerOf(document);
  return {
    ...header,
    customer_id: document.customer_id,
    customer_name: document.customer_name,
    salesperson_id: document.salesperson_id,
    ...documentAmountsView(document),
    ...(viewer.showCost ? { shipping_cost: money(document.shipping_cost) } : {}),
    custom_field_values: document.custom_field_values.map((entry) => ({ ...entry })),
    created_at: document.created_at,
    updated_at: document.updated_at,
  };
}

/** The lines in stored order, the generated discount line last, as `object` (`invoice_line`). */
export function documentLinesView(
  document: Pick<SalesDocumentRecord, 'lines'>,
  object: string,
  viewer: DocumentViewer,
): DocumentLineView[] {
  return document.lines.map((line) =>
    documentLineView(line, {
      object,
      showCost: viewer.showCost,
      thumbnailUrl: line.item_id === null ? null : (viewer.thumbnails?.get(line.item_id) ?? null),
      sku: liveSkuOf(line, viewer.skus),
    }),
  );
}

/** A document as the API returns it, its fields in the specified order; `lines` only on the detail. */
export type DocumentView<O extends string, L = DocumentLineView> = Record<string, unknown> & {
  id: string;
  object: O;
  lines?: L[];
};

/** `values` with its keys in `order` (the specification's field order); keys it lacks are left out. */
export function inFieldOrder<T extends object>(order: readonly string[], values: T): T {
  const source = values as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of order) if (key in source) ordered[key] = source[key];
  return ordered as T;
}
