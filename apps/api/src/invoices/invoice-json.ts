import {
  InvoiceParty,
  InvoiceRecord,
  LinkedSalesOrder,
  LiveSkus,
  invoiceSummaryView,
  invoiceView,
  InvoiceViewer,
} from '@app/domain';
import { Actor, can } from '../auth/actor';
import { packingSettings, taxLabels } from '../documents/document-settings';

/** What the caller may do and see, and the account's packing settings. */
export function invoiceViewer(
  actor: Actor,
  party?: InvoiceParty | null,
  salesOrder?: LinkedSalesOrder | null,
): InvoiceViewer {
  return {
    mayModify: can(actor, 'invoices.modify'),
    showCost: can(actor, 'unit_cost.view'),
    ...packingSettings(actor),
    party,
    salesOrder,
    taxLabels: taxLabels(actor),
  };
}

/** The detail JSON, with lines, the live party and the lines' items' SKUs (looked up by the caller). */
export function invoiceJson(
  record: InvoiceRecord,
  revision: number,
  actor: Actor,
  party?: InvoiceParty | null,
  salesOrder?: LinkedSalesOrder | null,
  skus?: LiveSkus,
) {
  return invoiceView(record, revision, { ...invoiceViewer(actor, party, salesOrder), skus });
}

export function invoiceSummaryJson(record: InvoiceRecord, actor: Actor) {
  return invoiceSummaryView(record, invoiceViewer(actor));
}
