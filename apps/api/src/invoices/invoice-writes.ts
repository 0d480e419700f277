import { Injectable } from '@nestjs/common';
import {
  decideInvoice,
  DocumentLine,
  invoiceAggregate,
  InvoiceCommand,
  InvoiceEvent,
  InvoiceInput,
  InvoiceRecord,
  InvoiceState,
  isDomainError,
  numberedInvoice,
  numberedPackingList,
} from '@app/domain';
import { StreamAppend } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DocumentNumbers, PACKING_LIST_SEQUENCE } from '../documents/document-numbers';
import { DocumentWritten, WriteMoment, writeDocument, writeNewDocument } from '../documents/document-writes';
import { Numbering } from '../records/numbering';
import { InvoiceContexts } from './invoice-context';
import { UniqueUnits } from './unique-units';
import { ReactorSteps } from '../reactors/reactor-steps';
import { linkedInvoiceReleaseReactor } from '@app/processes';

/** The invoice after a write (null once deleted), the revision of its last event, and what it appended. */
export type InvoiceWritten = DocumentWritten<InvoiceRecord, InvoiceEvent>;

/**
 * Invoice commands through the invoice's stream. Every rule (balance, packing, editability) is
 * decided on the invoice's state with the revision it was read at; commands on one invoice run
 * one at a time in this process (RecordWriter), so concurrent payers decide in turn. Numbers
 * (invoice, packing list) are drawn only once the decision accepted the command. Unique units
 * move with the invoice's own event, in one atomic append (UniqueUnits).
 */
@Injectable()
export class InvoiceWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: InvoiceContexts,
    private readonly numbers: DocumentNumbers,
    private readonly numbering: Numbering,
    private readonly units: UniqueUnits,
    private readonly steps: ReactorSteps,
  ) {}

  create(actor: Actor, input: InvoiceInput): Promise<InvoiceWritten> {
    let units: StreamAppend[] = [];
    const decide = async (current: InvoiceState, { id, now }: WriteMoment) => {
      units = [];
      const context = await this.contexts.of(actor, current, input, now);
      const decision = decideInvoice(
        { type: 'CreateInvoice', id, invoice_number: 0, input },
        current,
        context,
      );
      if (isDomainError(decision)) return decision;
      units = await this.units.move(actor, id, [], linesOf(decision));
      return decision;
    };
    // Numbered in the append that takes its units: a unit moved meanwhile consumes no number.
    const numbering = { sequence: 'invoice', numbered: numberedInvoice };
    const creation = this.numbers.numberedCreation(actor, numbering, decide);
    return writeNewDocument(this.writer, invoiceAggregate, actor, creation, () => units);
  }

  /**
   * Any command on an existing invoice; a pack draws its packing-list number once accepted. Unique
   * units follow the lines in the invoice's own atomic append: an edit takes the added ones and
   * gives back the removed ones, a cancel or delete gives every one back.
   */
  async change(actor: Actor, id: string, command: InvoiceCommand, ifMatch?: number): Promise<InvoiceWritten> {
    const input = command.type === 'UpdateInvoice' ? command.input : {};
    let units: StreamAppend[] = [];
    let decidedOn: InvoiceState = invoiceAggregate.initialState;
    const decide = async (current: InvoiceState, { metadata, now }: WriteMoment, revision: number) => {
      decidedOn = current;
      units = [];
      const context = await this.contexts.of(actor, current, input, now, wantsRecipients(actor, command));
      const decision = decideInvoice(command, current, context);
      if (isDomainError(decision)) return decision;
      // A stale If-Match will refuse the append: decide no units and draw no number for it.
      if (ifMatch !== undefined && ifMatch !== revision) return decision;
      const moved = unitsMoved(current, decision);
      if (moved) units = await this.units.move(actor, id, moved.before, moved.after);
      if (command.type !== 'PackInvoice') return decision;
      const draw = {
        accountId: actor.accountId,
        sequence: PACKING_LIST_SEQUENCE,
        recordId: command.fulfillment_id,
      };
      return numberedPackingList(decision, await this.numbering.next({ ...draw, metadata, now }));
    };
    const written = await writeDocument(
      this.writer,
      invoiceAggregate,
      actor,
      { id, ifMatch },
      decide,
      () => units,
    );
    await this.releaseFromSalesOrder(decidedOn, written.revision, written.events);
    return written;
  }

  /**
   * A cancelled linked invoice gives its quantities back to its sales order: the
   * linked_invoice_release reactor's step, run here so that the order shows it when the cancel
   * answers (the reactor completes it if this process stops first).
   */
  private async releaseFromSalesOrder(before: InvoiceState, revision: number, events: InvoiceEvent[]) {
    const at = events.findIndex((e) => e.type === 'InvoiceCancelled');
    if (at < 0 || before.status !== 'live' || before.record.source_sales_order_id === null) return;
    const cancelledAt = revision - (events.length - 1 - at);
    await this.steps.runNow(
      linkedInvoiceReleaseReactor,
      streamName(invoiceAggregate, before.record.id),
      cancelledAt,
    );
  }

  async read(id: string): Promise<{ state: InvoiceState; revision: number }> {
    return this.writer.read(invoiceAggregate, id);
  }
}

/** Recipients are looked up only where an event records them: a dispatch, a payment with receipts on. */
function wantsRecipients(actor: Actor, command: InvoiceCommand): boolean {
  if (command.type === 'DispatchInvoice') return true;
  return command.type === 'RecordPayment' && actor.settings.automatic_payment_receipts;
}

/**
 * The lines whose units an event moves: an edit replaces them, a cancel or a delete gives every
 * one back. Undefined when the units stay.
 */
function unitsMoved(state: InvoiceState, events: InvoiceEvent[]) {
  if (state.status !== 'live') return undefined;
  const before = state.record.lines;
  if (events.some((e) => e.type === 'InvoiceCancelled' || e.type === 'InvoiceDeleted'))
    return { before, after: [] };
  const updated = events.find((e) => e.type === 'InvoiceUpdated');
  return updated?.data.lines ? { before, after: updated.data.lines } : undefined;
}

function linesOf(events: InvoiceEvent[]): readonly DocumentLine[] {
  const created = events.find((e) => e.type === 'InvoiceCreated');
  return created ? created.data.lines : [];
}
