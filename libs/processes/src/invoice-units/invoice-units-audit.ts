import { decideItem, INVOICE_STATUS, itemAggregate, ItemState } from '@app/domain';
import { foldEvents, streamName } from '@app/event-store/aggregate';
import { invoiceUnitsReactor } from './invoice-units-reactor';
import { unitDecisionContext, unitItemIds } from './unit-lines';
import { AuditPass, Found, OpenSteps, ProcessAudit, readUntil } from '../audit/open-steps';

/**
 * A cancelled or deleted invoice whose unique units were not given back (ItemUnitReleased naming
 * it on each unit's item). A release is due only where the item still names the invoice as its
 * unit's holder, so what stays open at the end is judged by the reactor's own decision on the item.
 */
export function invoiceUnitsAudit(pass: AuditPass): ProcessAudit {
  const open = new OpenSteps(invoiceUnitsReactor.name);
  const key = (itemStream: string, invoiceId: string) => `${itemStream}|${invoiceId}`;
  return {
    async observe(event) {
      if (event.type === 'ItemUnitReleased') open.close(key(event.streamId, String(event.data.invoice_id)));
      if (!isInvoiceEnd(event.type) || !pass.due(event)) return;
      const invoice = await pass.invoiceBefore(event);
      // A cancelled invoice's deletion: its cancellation gave the units back.
      if (invoice.status !== 'live' || invoice.record.status_id === INVOICE_STATUS.cancelled) return;
      const { id, lines } = invoice.record;
      const ended = event.type === 'InvoiceDeleted' ? 'deleted' : 'cancelled';
      for (const itemId of unitItemIds(lines)) {
        const missing = `item ${itemId}'s unit is still held by ${ended} invoice ${id}`;
        open.add(key(streamName(itemAggregate, itemId), id), event, missing);
      }
    },
    async unfinished() {
      const found: Found[] = [];
      for (const [held, entry] of open.entries()) {
        const [itemStream, invoiceId] = held.split('|');
        if (await stillHeld(pass, itemStream, invoiceId)) found.push(entry);
      }
      return found;
    },
  };
}

function isInvoiceEnd(type: string): boolean {
  return type === 'InvoiceCancelled' || type === 'InvoiceDeleted';
}

/** Whether the reactor's step would still release the unit: the item, as of the pass, holds it for the invoice. */
async function stillHeld(pass: AuditPass, itemStream: string, invoiceId: string): Promise<boolean> {
  const item = foldEvents(itemAggregate, await readUntil(pass, itemStream)) as ItemState;
  if (item.status !== 'live') return false;
  const context = unitDecisionContext(item.record.account_id, new Date(0).toISOString());
  const decided = decideItem({ type: 'ReleaseItemUnit', invoice_id: invoiceId }, item, context);
  return Array.isArray(decided) && decided.length > 0;
}
