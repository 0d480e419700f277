import { InvoiceEvent, invoiceAggregate, InvoiceRecord, visibleInvoice } from '@app/domain';
import { HistoryDeclaration, redactDocumentCosts } from '../history';
import { invoiceSight } from './invoice-context';
import { invoiceJson } from './invoice-json';

/**
 * The event history of invoices (EXTENSIONS.md §8): payments, refunds, dispatch and packing lists
 * are all in it. Visible as the invoice is; without `unit_cost.view` the shipping cost and the
 * lines' costs are left out. A past view shows the customer's contact fields as unknown (they are
 * live values, not the invoice's).
 */
export const INVOICE_HISTORY: HistoryDeclaration<InvoiceRecord, InvoiceEvent> = {
  path: 'invoices',
  aggregate: invoiceAggregate,
  scopes: ['invoices:read'],
  permission: 'invoices.list',
  visible: (record, actor) => visibleInvoice({ status: 'live', record }, invoiceSight(actor)) === record,
  view: (record, revision, actor) => invoiceJson(record, revision, actor, null),
  redact: redactDocumentCosts,
};
