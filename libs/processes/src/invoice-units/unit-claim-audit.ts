import {
  EstimateConverted,
  invoiceAggregate,
  InvoiceCreated,
  itemAggregate,
  ItemUnitInvoiced,
  ItemUnitReleased,
  SalesOrderInvoiced,
} from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { unitItemIds, UnitLine } from './unit-lines';
import { AuditPass, idIn, OpenSteps, ProcessAudit } from '../audit/open-steps';

export const UNIQUE_UNIT_CLAIM = 'unique_unit_claim';

/**
 * A unique item's unit claimed for an invoice (ItemUnitInvoiced, on the item's stream, before the
 * invoice's own append) that the invoice never took and that was not given back: a unit held by
 * no invoice. Taken: the invoice's creation or edit lists the item on a unit line, or the decision
 * that will create the invoice names it (an estimate converted, a sales order invoiced: their own
 * audits follow the invoice). Given back: ItemUnitReleased naming the invoice on the item.
 */
export function unitClaimAudit(pass: AuditPass): ProcessAudit {
  const open = new OpenSteps(UNIQUE_UNIT_CLAIM);
  /** The open claims of each invoice: item streams, by invoice id. */
  const claims = new Map<string, Set<string>>();
  const close = (invoiceId: string, itemStream: string) => {
    open.close(`${itemStream}|${invoiceId}`);
    claims.get(invoiceId)?.delete(itemStream);
    if (claims.get(invoiceId)?.size === 0) claims.delete(invoiceId);
  };
  return {
    observe(event) {
      const taker = invoiceTaking(event);
      if (taker) {
        const items = taker.lines
          ? unitItemIds(taker.lines).map((id) => streamName(itemAggregate, id))
          : null;
        for (const itemStream of items ?? [...(claims.get(taker.invoiceId) ?? [])])
          close(taker.invoiceId, itemStream);
      } else if (event.type === 'ItemUnitReleased') {
        close((event.data as ItemUnitReleased['data']).invoice_id, event.streamId);
      } else if (event.type === 'ItemUnitInvoiced' && pass.due(event)) {
        const invoiceId = (event.data as ItemUnitInvoiced['data']).invoice_id;
        const itemId = idIn(itemAggregate, event.streamId);
        open.add(
          `${event.streamId}|${invoiceId}`,
          event,
          `item ${itemId}'s unit is held for invoice ${invoiceId}, which never took it`,
        );
        claims.set(invoiceId, (claims.get(invoiceId) ?? new Set()).add(event.streamId));
      }
    },
    unfinished: () => open.list(),
  };
}

/**
 * An event by which an invoice takes its claimed units: its lines when it lists them, null when
 * it takes every unit claimed for it (a decision that creates the invoice from its source).
 */
function invoiceTaking(
  event: RecordedEvent,
): { invoiceId: string; lines: readonly UnitLine[] | null } | undefined {
  switch (event.type) {
    case 'InvoiceCreated':
    case 'InvoiceUpdated': {
      const lines = (event.data as Partial<InvoiceCreated['data']>).lines;
      const invoiceId = idIn(invoiceAggregate, event.streamId);
      return invoiceId && lines ? { invoiceId, lines } : undefined;
    }
    case 'EstimateConverted': {
      const { target, document_id } = event.data as EstimateConverted['data'];
      return target === 'invoice' ? { invoiceId: document_id, lines: null } : undefined;
    }
    case 'SalesOrderInvoiced':
      return { invoiceId: (event.data as SalesOrderInvoiced['data']).invoice_id, lines: null };
    default:
      return undefined;
  }
}
