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
import { invoiceSettings } from './invoice-context';

/** What the caller may do and see, and the account's packing settings. */
export function invoiceViewer(
  actor: Actor,
  party?: InvoiceParty | null,
  salesOrder?: LinkedSalesOrder | null,
): InvoiceViewer {
  const settings = invoiceSettings(actor);
  return {
    mayModify: can(actor, 'invoices.modify'),
    showCost: can(actor, 'unit_cost.view'),
    packingListsEnabled: settings.packingListsEnabled,
    packServiceLines: settings.packServiceLines,
    party,
    salesOrder,
    taxLabels: { tax_label: actor.settings.tax_label, tax_2_label: actor.settings.tax_2_label },
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
