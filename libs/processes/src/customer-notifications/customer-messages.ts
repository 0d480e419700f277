import { InvoicePayment, InvoiceRecord, SalesOrderFulfillment, SalesOrderRecord } from '@app/domain';
import Decimal from 'decimal.js';

/** What a message says: subject and plain text, from the record as it was when it was queued. */
export interface MessageContent {
  subject: string;
  text: string;
}

/** The payment receipt (documents-api §6): the payment and where the invoice stands after it. */
export function paymentReceipt(invoice: InvoiceRecord, payment: InvoicePayment): MessageContent {
  const due = new Decimal(invoice.totals.total).minus(invoice.amount_paid).toFixed(4);
  return {
    subject: `Payment receipt for invoice ${invoice.invoice_number}`,
    text: [
      `Thank you for your payment of ${payment.amount} on ${payment.payment_date}.`,
      payment.reference ? `Reference: ${payment.reference}` : undefined,
      '',
      `Invoice ${invoice.invoice_number}`,
      `Total: ${invoice.totals.total}`,
      `Paid: ${invoice.amount_paid}`,
      `Amount due: ${due}`,
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  };
}

/** The customer shipping notification: the shipment's carrier, tracking and quantities. */
export function shippingNotification(
  order: SalesOrderRecord,
  shipment: SalesOrderFulfillment,
): MessageContent {
  const names = new Map(order.lines.map((line) => [line.id, line.name]));
  return {
    subject: `Your order ${order.sales_order_number} has shipped`,
    text: [
      `Your order ${order.sales_order_number} was shipped on ${shipment.shipped_date ?? 'today'}.`,
      shipment.carrier ? `Carrier: ${shipment.carrier}` : undefined,
      shipment.tracking_number ? `Tracking number: ${shipment.tracking_number}` : undefined,
      shipment.tracking_url ? `Track it: ${shipment.tracking_url}` : undefined,
      '',
      ...shipment.lines.map((line) => `${line.quantity} x ${names.get(line.sales_order_line_id) ?? 'item'}`),
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  };
}
