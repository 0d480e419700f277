import { copiedLines, customerFields, headerOf } from '../document';
import { DocumentLine } from '../document-lines';
import type { SalesOrderInvoiced, SalesOrderRecord } from '../sales-order';
import { InvoiceCreated } from './events';
import { INVOICE_KIND } from './fields';
import { InvoiceAmounts } from './state';
import { INVOICE_STATUS } from './status';

/**
 * The invoice a sales order's invoicing makes (documents-api §4, POST /sales-orders/{id}/invoice):
 * the order's customer, salesperson, details, notes, payment terms and discount, its chosen lines
 * with the invoiced quantities (same items, prices and rates, calculated again), and its shipping
 * fee and cost only when the invoicing carries them (the first standing invoice of the order does).
 * Issued on the date and under the number the invoicing recorded. `order` is the order as it was when invoiced, so that
 * a later edit of its header cannot change the invoice a retried step makes; `newLineId` derives
 * the line ids from the invoicing for the same reason. Custom fields stay behind (the account's
 * invoice fields are not its sales-order fields).
 */
export function invoiceFromSalesOrder(
  order: SalesOrderRecord,
  invoicing: SalesOrderInvoiced['data'],
  newLineId: () => string,
): InvoiceCreated {
  const shipping = invoicing.with_shipping
    ? { shipping_fee: order.shipping_fee, shipping_cost: order.shipping_cost }
    : { shipping_fee: '0.0000', shipping_cost: '0.0000' };
  const header = {
    ...headerOf(order),
    ...shipping,
    custom_field_values: [],
    issue_date: invoicing.issue_date,
  };
  const lines = invoicedLines(order, invoicing);
  const copied = copiedLines(INVOICE_KIND, { ...header, lines }, newLineId);
  return {
    type: 'InvoiceCreated',
    data: {
      id: invoicing.invoice_id,
      account_id: order.account_id,
      invoice_number: invoicing.invoice_number,
      salesperson_id: order.salesperson_id,
      status_id: INVOICE_STATUS.unpaid,
      ...customerFields({
        id: order.customer_id,
        name: order.customer_name,
        kind: 'customer',
      } as Parameters<typeof customerFields>[0]),
      ...header,
      custom_invoice_number: null,
      lines: copied.lines,
      totals: copied.totals as InvoiceAmounts,
      source_estimate_id: null,
      source_sales_order_id: order.id,
      created_at: invoicing.invoiced_at,
    },
  };
}

/** The order's lines the invoicing names, in the order's line order, with the invoiced quantities. */
function invoicedLines(order: SalesOrderRecord, invoicing: SalesOrderInvoiced['data']): DocumentLine[] {
  const quantities = new Map(invoicing.lines.map((entry) => [entry.sales_order_line_id, entry.quantity]));
  return order.lines
    .filter((line) => quantities.has(line.id as string))
    .map((line) => ({ ...line, quantity: quantities.get(line.id as string) as string }));
}
