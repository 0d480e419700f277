import { SalesOrderInvoiceReleased } from '@app/domain';
import { linkedInvoiceReleaseReactor } from './linked-invoice-release-reactor';
import { AuditPass, OpenSteps, ProcessAudit } from '../audit/open-steps';

/**
 * A cancelled invoice made from a sales order (InvoiceCancelled) whose order never took its
 * quantities back (SalesOrderInvoiceReleased naming it). The order cannot be deleted while it has
 * an unreleased invoice, so the release is always due.
 */
export function linkedInvoiceReleaseAudit(pass: AuditPass): ProcessAudit {
  const open = new OpenSteps(linkedInvoiceReleaseReactor.name);
  return {
    async observe(event) {
      if (event.type === 'SalesOrderInvoiceReleased')
        open.close((event.data as SalesOrderInvoiceReleased['data']).invoice_id);
      if (event.type !== 'InvoiceCancelled' || !pass.due(event)) return;
      const invoice = await pass.invoiceBefore(event);
      if (invoice.status !== 'live' || !invoice.record.source_sales_order_id) return;
      const { id, source_sales_order_id: orderId } = invoice.record;
      open.add(id, event, `sales order ${orderId} never took back the quantities of cancelled invoice ${id}`);
    },
    unfinished: () => open.list(),
  };
}
