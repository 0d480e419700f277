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
    return this.withParty(actor, access, party, input, now);
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
  ): Promise<DocumentContext> {
    const lines = Array.isArray(input.lines) ? (input.lines as Record<string, unknown>[]) : [];
    const named = (key: string) =>
      lines.map((line) => (typeof line === 'object' && line !== null ? line[key] : undefined));
    const [customers, items, variations] = await Promise.all([
      party.table === 'customers'
        ? this.lookups.customers(actor.accountId, party.ids)
        : this.lookups.suppliers(actor.accountId, party.ids),
      this.lookups.items(lineActor, named('item_id'), access.takesUnits),
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
