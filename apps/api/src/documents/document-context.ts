import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { dayIn, DocumentContext, DocumentInput, DocumentSight, SalesDocumentRecord } from '@app/domain';
import { RecordState } from '@app/domain';
import { Permission } from '@app/domain';
import { Actor, can, onlyAssignedTo } from '../auth/actor';
import { DocumentLookups } from './document-lookups';

/** How one sales document type reads its caller: its view-all permission and its custom fields. */
export type DocumentAccess = {
  /** `estimates.view_all`: without it a user sees only the documents they are salesperson of. */
  viewAll: Permission;
  /** The account setting listing the type's custom fields. */
  customFields:
    | 'estimate_custom_fields'
    | 'invoice_custom_fields'
    | 'sales_order_custom_fields'
    | 'purchase_order_custom_fields';
  /**
   * Lines may name a sold unique item, whose unit the item's own stream then refuses (409
   * item_unit_unavailable) or finds already held by this document: invoices, which take units.
   */
  takesUnits?: boolean;
};

/** Who may see which documents of a type: the domain's visibility inputs for a caller. */
export function documentSight(actor: Actor, access: Pick<DocumentAccess, 'viewAll'>): DocumentSight {
  return { accountId: actor.accountId, userId: actor.userId, onlyOwnDocuments: !can(actor, access.viewAll) };
}

/**
 * The context of one document decision, looked up afresh before each (a retry after a concurrent
 * write decides again): the account's settings (read with the caller's key) and today, the
 * customer the body names and the document's own, and the items and variation locations its lines
 * name.
 */
@Injectable()
export class DocumentContexts {
  constructor(private readonly lookups: DocumentLookups) {}

  async of(
    actor: Actor,
    access: DocumentAccess,
    state: RecordState<SalesDocumentRecord>,
    input: DocumentInput,
    now: string,
  ): Promise<DocumentContext> {
    // The document's own customer rates new lines: needed only when lines are given.
    const current = state.status === 'absent' || input.lines === undefined ? [] : [state.record.customer_id];
    const party = { table: 'customers' as const, ids: [input.customer_id, ...current] };
    const kept = state.status === 'absent' ? [] : keptItemIds(state.record.lines, input.lines);
    return this.withParty(actor, access, party, input, now, actor, kept);
  }

  /**
   * The same for any party: the customers or suppliers of `party.ids`; the lines' items and
   * variation locations those `lineActor` may use (a purchase order's: those at its location).
   */
  async withParty(
    actor: Actor,
    access: DocumentAccess,
    party: { table: 'customers' | 'suppliers'; ids: readonly unknown[] },
    input: DocumentInput,
    now: string,
    lineActor: Actor = actor,
    keptItems: readonly string[] = [],
  ): Promise<DocumentContext> {
    const lines = Array.isArray(input.lines) ? (input.lines as Record<string, unknown>[]) : [];
    const named = (key: string) =>
      lines.map((line) => (typeof line === 'object' && line !== null ? line[key] : undefined));
    const [customers, items, variations] = await Promise.all([
      party.table === 'customers'
        ? this.lookups.customers(actor.accountId, party.ids)
        : this.lookups.suppliers(actor.accountId, party.ids),
      this.lookups.items(lineActor, [...named('item_id'), ...keptItems], access.takesUnits),
      this.lookups.variations(lineActor, named('item_variation_location_id')),
    ]);
    return {
      now,
      ...documentSight(actor, access),
      onlyCustomersAssignedTo: onlyAssignedTo(actor, 'account_records.view_all'),
      mayViewCosts: can(actor, 'unit_cost.view'),
      today: dayIn(actor.timezone, now),
      defaultPaymentTerms: actor.settings.default_payment_terms,
      customFieldIds: new Set(actor.settings[access.customFields].map((field) => field.id)),
      customers,
      lines: { items, variations, mayModifyPrices: can(actor, 'selling_prices.modify') },
      newLineId: randomUUID,
    };
  }
}

/**
 * The items of the stored lines that the entries keep by `id` without naming an item: a kept line
 * whose entry omits `description` may take its item's current one (sales orders).
 */
function keptItemIds(
  stored: readonly { id: string | null; item_id: string | null }[],
  entries: unknown,
): string[] {
  if (!Array.isArray(entries)) return [];
  const byId = new Map(stored.map((line) => [line.id, line.item_id]));
  return entries.flatMap((entry) => {
    const { id, item_id } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    const item = typeof id === 'string' && item_id === undefined ? byId.get(id) : undefined;
    return item ? [item] : [];
  });
}
