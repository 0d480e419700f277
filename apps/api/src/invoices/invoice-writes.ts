import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideInvoice,
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
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '../commands/record-writer';
import { DocumentNumbers } from '../documents/document-numbers';
import { resourceMissing } from '../http/api-error';
import { Numbering } from '../records/numbering';
import { InvoiceContexts } from './invoice-context';

/** The invoice after a write (null once deleted), the revision of its last event, and what it appended. */
export interface InvoiceWritten {
  id: string;
  record: InvoiceRecord | null;
  revision: number;
  events: InvoiceEvent[];
}

/** Packing-list numbers: one per-account counter, shared with sales orders' packing lists. */
export const PACKING_LIST_SEQUENCE = 'packing_list';

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
  ) {}

  async create(actor: Actor, input: InvoiceInput): Promise<InvoiceWritten> {
    const id = randomUUID();
    const metadata = eventMetadata(actor);
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
        const draw = { sequence: 'invoice', recordId: id, metadata, now };
        return this.numbers.number(actor, draw, decision, numberedInvoice);
      },
      { metadata, fresh: true },
    );
    return { id, record: liveRecord(state), revision, events };
  }

  /** Any command on an existing invoice; a pack draws its packing-list number once accepted. */
  async change(actor: Actor, id: string, command: InvoiceCommand, ifMatch?: number): Promise<InvoiceWritten> {
    if (!isRecordId(id)) throw resourceMissing();
    const metadata = eventMetadata(actor);
    const input = command.type === 'UpdateInvoice' ? command.input : {};
    const { state, revision, events } = await this.writer.write(
      invoiceAggregate,
      id,
      async (current: InvoiceState, revision: number) => {
        const now = new Date().toISOString();
        const context = await this.contexts.of(actor, current, input, now, wantsRecipients(actor, command));
        const decision = decideInvoice(command, current, context);
        if (isDomainError(decision) || command.type !== 'PackInvoice') return decision;
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
    return { id, record: liveRecord(state), revision, events };
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

function liveRecord(state: InvoiceState): InvoiceRecord | null {
  return state.status === 'live' ? state.record : null;
}
