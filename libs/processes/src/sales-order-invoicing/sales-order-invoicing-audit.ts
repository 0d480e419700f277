import { invoiceAggregate, SalesOrderInvoiced } from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { salesOrderInvoicingReactor } from './sales-order-invoicing-reactor';
import { creationAudit } from '../audit/open-steps';

/** A sales order's invoicing (SalesOrderInvoiced) whose invoice was never created. */
export const salesOrderInvoicingAudit = creationAudit(
  salesOrderInvoicingReactor.name,
  'SalesOrderInvoiced',
  (trigger) => {
    const { invoice_id } = trigger.data as SalesOrderInvoiced['data'];
    return {
      stream: streamName(invoiceAggregate, invoice_id),
      missing: `invoice ${invoice_id}, invoiced from ${trigger.streamId}, was never created`,
    };
  },
);
