import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideInvoice,
  DomainError,
  DocumentLine,
  invoiceAggregate,
  InvoiceCommand,
  InvoiceEvent,
  InvoiceInput,
  InvoiceRecord,
  InvoiceState,
  isDomainError,
  isRecordId,
  numberedInvoice,
  numberedPackingList,
} from '@app/domain';
import { WrongExpectedVersionError } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DocumentNumbers, PACKING_LIST_SEQUENCE } from '../documents/document-numbers';
import { resourceMissing } from '@app/runtime';
import { Numbering } from '../records/numbering';
import { InvoiceContexts } from './invoice-context';
import { UniqueUnits } from './unique-units';
import { ReactorSteps } from '../reactors/reactor-steps';
import { linkedInvoiceReleaseReactor } from '@app/processes';

/** The invoice after a write (null once deleted), the revision of its last event, and what it appended. */
export interface InvoiceWritten {
  id: string;
  record: InvoiceRecord | null;
  revision: number;
  events: InvoiceEvent[];
}

/**
 * Invoice commands through the invoice's stream. Every rule (balance, packing, editability) is
 * decided on the invoice's state with the revision it was read at; commands on one invoice run
 * one at a time in this process (RecordWriter), so concurrent payers decide in turn. Numbers
 * (invoice, packing list) are drawn only once the decision accepted the command.
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

  async create(actor: Actor, input: InvoiceInput): Promise<InvoiceWritten> {
    const id = randomUUID();
    const metadata = eventMetadata(actor);
    let claimed: readonly DocumentLine[] = [];
    try {
      const { state, revision, events } = await this.writer.write(
        invoiceAggregate,
        id,
        async (current: InvoiceState) => {
          const now = new Date().toISOString();
          const context = await this.contexts.of(actor, current, input, now);
          const decision = decideInvoice(
            { type: 'CreateInvoice', id, invoice_number: 0, input },
            current,
            context,
          );
          if (isDomainError(decision)) return decision;
          claimed = linesOf(decision);
          await this.units.claim(actor, id, claimed);
          const draw = { sequence: 'invoice', recordId: id, metadata, now };
          return this.numbers.number(actor, draw, decision, numberedInvoice);
        },
        { metadata, fresh: true },
      );
      return { id, record: liveRecord(state), revision, events };
    } catch (error) {
      // A failure after the append (waiting for the read models) leaves the invoice and its units.
      if (!(await this.exists(id))) await this.units.release(actor, id, claimed);
      throw error;
    }
  }

  /**
   * Any command on an existing invoice; a pack draws its packing-list number once accepted. Unique
   * units follow the lines: an edit takes the added ones before its append (and gives them back
   * if the append fails), a cancel or delete gives every one back after it.
   */
  async change(actor: Actor, id: string, command: InvoiceCommand, ifMatch?: number): Promise<InvoiceWritten> {
    if (!isRecordId(id)) throw resourceMissing();
    const metadata = eventMetadata(actor);
    const input = command.type === 'UpdateInvoice' ? command.input : {};
    let moved: { before: readonly DocumentLine[]; after: readonly DocumentLine[] } | undefined;
    let decidedOn: InvoiceState = invoiceAggregate.initialState;
    try {
      const { state, revision, events } = await this.writer.write(
        invoiceAggregate,
        id,
        async (current: InvoiceState, revision: number) => {
          decidedOn = current;
          const now = new Date().toISOString();
          const context = await this.contexts.of(actor, current, input, now, wantsRecipients(actor, command));
          const decision = decideInvoice(command, current, context);
          if (isDomainError(decision)) return decision;
          if (moved) await this.units.reconcile(actor, id, moved.after, moved.before);
          moved = unitsMoved(current, decision);
          if (moved) await this.units.reconcile(actor, id, moved.before, moved.after);
          if (command.type !== 'PackInvoice') return decision;
          // A stale If-Match will refuse the append: draw no number for it.
          if (ifMatch !== undefined && ifMatch !== revision) return decision;
          const draw = {
            accountId: actor.accountId,
            sequence: PACKING_LIST_SEQUENCE,
            recordId: command.fulfillment_id,
          };
          return numberedPackingList(decision, await this.numbering.next({ ...draw, metadata, now }));
        },
        { metadata, ifMatch },
      );
      if (events.some((e) => e.type === 'InvoiceCancelled' || e.type === 'InvoiceDeleted'))
        await this.units.release(actor, id, recordOf(state).lines);
      await this.releaseFromSalesOrder(decidedOn, revision, events);
      return { id, record: liveRecord(state), revision, events };
    } catch (error) {
      // Undone only when the edit was surely not appended (refused, or beaten by another write).
      if (moved && notAppended(error)) await this.units.reconcile(actor, id, moved.after, moved.before);
      throw error;
    }
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

  /** False only when the stream surely has no invoice (a store away counts as "may exist"). */
  private async exists(id: string): Promise<boolean> {
    return this.read(id).then(
      ({ state }) => state.status !== 'absent',
      () => true,
    );
  }

  async read(id: string): Promise<{ state: InvoiceState; revision: number }> {
    return this.writer.read(invoiceAggregate, id);
  }
}

function notAppended(error: unknown): boolean {
  return error instanceof DomainError || error instanceof WrongExpectedVersionError;
}

/** Recipients are looked up only where an event records them: a dispatch, a payment with receipts on. */
function wantsRecipients(actor: Actor, command: InvoiceCommand): boolean {
  if (command.type === 'DispatchInvoice') return true;
  return command.type === 'RecordPayment' && actor.settings.automatic_payment_receipts;
}

/** The lines an edit replaces and the ones it leaves, when it changes them. */
function unitsMoved(state: InvoiceState, events: InvoiceEvent[]) {
  const updated = events.find((e) => e.type === 'InvoiceUpdated');
  if (!updated?.data.lines || state.status !== 'live') return undefined;
  return { before: state.record.lines, after: updated.data.lines };
}

function linesOf(events: InvoiceEvent[]): readonly DocumentLine[] {
  const created = events.find((e) => e.type === 'InvoiceCreated');
  return created ? created.data.lines : [];
}

function recordOf(state: InvoiceState): InvoiceRecord {
  if (state.status === 'absent') throw new Error('An invoice that was written is absent');
  return state.record;
}

function liveRecord(state: InvoiceState): InvoiceRecord | null {
  return state.status === 'live' ? state.record : null;
}
