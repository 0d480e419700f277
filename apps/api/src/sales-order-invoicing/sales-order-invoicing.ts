import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideSalesOrder,
  DocumentLine,
  invoiceAggregate,
  InvoiceState,
  isDomainError,
  isRecordId,
  numberedSalesOrderInvoicing,
  permissionDenied,
  salesOrderAggregate,
  SalesOrderEvent,
  SalesOrderRecord,
  SalesOrderState,
  visibleSalesOrder,
} from '@app/domain';
import { StreamAppend } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { Actor, can, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { resourceMissing } from '@app/runtime';
import { UniqueUnits } from '../invoices/unique-units';
import { ReactorSteps } from '../reactors/reactor-steps';
import { Numbering } from '../records/numbering';
import { RecordLimit } from '../records/record-limit';
import { SalesOrderContexts } from '../sales-orders/sales-order-context';
import { staleIfMatch } from '../sales-orders/sales-order-writes';
import { salesOrderInvoicingReactor } from '@app/processes';

/**
 * Sales order → invoice (documents-api §4, POST /sales-orders/{id}/invoice). The order's stream
 * decides and records the quantities taken (SalesOrderInvoiced) with the revision it read, so two
 * parallel invoicings can never take more than remains; the invoice's number and the invoice
 * follow from that record (sales-order-invoicing-reactor.ts): run here for the answer, or by the
 * reactor when the process stopped first, with the same ids. The invoice's number is drawn here once
 * the decision accepted the invoicing, and recorded with it (a crash before the order's append
 * leaves a gap in the numbers, never a duplicate). Unique items' units are taken for
 * the invoice before the order records the invoicing: a unit already sold refuses it (409
 * `item_unit_unavailable`) and leaves the order as it was.
 */
@Injectable()
export class SalesOrderInvoicing {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: SalesOrderContexts,
    private readonly recordLimit: RecordLimit,
    private readonly numbering: Numbering,
    private readonly units: UniqueUnits,
    private readonly steps: ReactorSteps,
  ) {}

  async invoice(
    actor: Actor,
    orderId: string,
    body: Record<string, unknown>,
    ifMatch?: number,
  ): Promise<{ state: InvoiceState; revision: number }> {
    if (!isRecordId(orderId)) throw resourceMissing();
    if (!can(actor, 'invoices.modify'))
      throw permissionDenied('Invoicing a sales order needs invoices.modify as well.');
    const metadata = eventMetadata(actor);
    const invoiceId = randomUUID();
    const command = {
      type: 'InvoiceSalesOrder' as const,
      invoice_id: invoiceId,
      invoice_number: 0,
      input: body,
    };
    let units: StreamAppend[] = [];
    let invoiceNumber: number | undefined;
    const { revision, events, position } = await this.writer.write(
      salesOrderAggregate,
      orderId,
      async (state: SalesOrderState, read: number) => {
        units = [];
        const context = await this.contexts.of(actor, state, {}, new Date().toISOString());
        // A stale If-Match wins over every refusal but 404.
        if (ifMatch !== undefined && ifMatch !== read && !isDomainError(visibleSalesOrder(state, context)))
          return staleIfMatch();
        const decision = decideSalesOrder(command, state, context);
        if (isDomainError(decision) || decision.length === 0 || state.status !== 'live') return decision;
        // A stale If-Match will refuse the append: take no units for it.
        if (ifMatch !== undefined && ifMatch !== read) return decision;
        await this.recordLimit.assertRoomFor(actor);
        // A decision taken again on fresher state may take other lines: the units follow them.
        units = await this.units.move(actor, invoiceId, [], invoicedLines(state.record, decision));
        // Drawn once for this invoice: a decision retried after a concurrent write reuses it.
        invoiceNumber ??= await this.numbering.next({
          accountId: actor.accountId,
          sequence: 'invoice',
          recordId: invoiceId,
          metadata,
          now: new Date().toISOString(),
        });
        return numberedSalesOrderInvoicing(decision, invoiceNumber);
      },
      { metadata, ifMatch, readModelsAwaitedAfter: true, alongside: () => units },
    );
    // Once recorded, the invoicing stands: the reactor creates the invoice if this process stops.
    const at = revision - (events.length - 1 - events.findIndex((e) => e.type === 'SalesOrderInvoiced'));
    const orderStream = streamName(salesOrderAggregate, orderId);
    await this.steps.runNow(salesOrderInvoicingReactor, orderStream, at, position);
    return this.writer.read(invoiceAggregate, invoiceId);
  }
}

/** The order's lines an invoicing takes (what the invoice's unique units are looked up by). */
function invoicedLines(order: SalesOrderRecord, events: SalesOrderEvent[]): DocumentLine[] {
  const invoiced = events.find((e) => e.type === 'SalesOrderInvoiced');
  if (!invoiced || invoiced.type !== 'SalesOrderInvoiced') return [];
  const ids = new Set(invoiced.data.lines.map((entry) => entry.sales_order_line_id));
  return order.lines.filter((line) => ids.has(line.id as string));
}
