import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideStockTransfer,
  isDomainError,
  isRecordId,
  StockTransferCommand,
  StockTransferEvent,
  StockTransferInput,
  StockTransferRecord,
  StockTransferState,
  stockTransferAggregate,
  transferMovements,
} from '@app/domain';
import { StreamAppend } from '@app/event-store';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { resourceMissing } from '@app/runtime';
import { RecordLimit } from '../records/record-limit';
import { Numbering } from '../records/numbering';
import { StockTransferLookups } from './stock-transfer-lookups';
import { TransferStock } from './transfer-stock';

export interface StockTransferWritten {
  id: string;
  record: StockTransferRecord | null;
  revision: number;
  events: StockTransferEvent[];
}

/** Transfer numbers: one per-account counter. */
export const STOCK_TRANSFER_SEQUENCE = 'stock_transfer';

/**
 * Stock-transfer commands through the transfer's stream. A step that moves on-hand stock (send,
 * receive, an in-transit edit, a delete after sending) is decided on the transfer first, then its
 * movements are decided on each stock-owning stream (TransferStock: refused there with 409
 * `insufficient_stock`, or `stock_transfer_delete_not_allowed`), and the movements and the
 * transfer's event are ONE atomic append, each stream expecting the revision it was decided on: a
 * conflict on any of them writes nothing and decides again. See docs/inventory.md.
 */
@Injectable()
export class StockTransferWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly lookups: StockTransferLookups,
    private readonly numbering: Numbering,
    private readonly recordLimit: RecordLimit,
    private readonly stock: TransferStock,
  ) {}

  async create(actor: Actor, input: StockTransferInput): Promise<StockTransferWritten> {
    const id = randomUUID();
    const metadata = eventMetadata(actor);
    const { state, revision, events } = await this.writer.write(
      stockTransferAggregate,
      id,
      async (current: StockTransferState) => {
        const now = new Date().toISOString();
        const context = await this.lookups.context(actor, current, input, now);
        const decision = decideStockTransfer(
          { type: 'CreateStockTransfer', id, stock_transfer_number: 0, input },
          current,
          context,
        );
        if (isDomainError(decision)) return decision;
        await this.recordLimit.assertRoomFor(actor);
        const number = await this.numbering.next({
          accountId: actor.accountId,
          sequence: STOCK_TRANSFER_SEQUENCE,
          recordId: id,
          metadata,
          now,
        });
        return decision.map((event) =>
          event.type === 'StockTransferCreated'
            ? { ...event, data: { ...event.data, stock_transfer_number: number } }
            : event,
        );
      },
      { metadata, fresh: true },
    );
    return { id, record: liveRecord(state), revision, events };
  }

  async change(
    actor: Actor,
    id: string,
    command: StockTransferCommand,
    ifMatch?: number,
  ): Promise<StockTransferWritten> {
    if (!isRecordId(id)) throw resourceMissing();
    const metadata = eventMetadata(actor);
    const input = 'input' in command ? command.input : {};
    let movements: StreamAppend[] = [];
    const { state, revision, events } = await this.writer.write(
      stockTransferAggregate,
      id,
      async (current: StockTransferState, decidedAt: number) => {
        movements = [];
        const now = new Date().toISOString();
        const context = await this.lookups.context(actor, current, input, now);
        const decision = decideStockTransfer(command, current, context);
        if (isDomainError(decision) || current.status !== 'live') return decision;
        // A stale If-Match will refuse the append: decide no movement for it.
        if (ifMatch !== undefined && ifMatch !== decidedAt) return decision;
        const moves = transferMovements(current.record, decision);
        if (moves.length === 0) return decision;
        const key = `${id}:${stepOf(command)}@${decidedAt}:${randomUUID()}`;
        movements = await this.stock.decide(actor, id, key, moves);
        return decision.map((event) =>
          event.type === 'StockTransferCreated'
            ? event
            : { ...event, data: { ...event.data, movement: key } },
        ) as StockTransferEvent[];
      },
      { metadata, ifMatch, alongside: () => movements },
    );
    return { id, record: liveRecord(state), revision, events };
  }

  async read(id: string): Promise<{ state: StockTransferState; revision: number }> {
    return this.writer.read(stockTransferAggregate, id);
  }
}

function stepOf(command: StockTransferCommand): string {
  switch (command.type) {
    case 'SendStockTransfer':
      return 'send';
    case 'ReceiveStockTransfer':
      return 'receive';
    case 'UpdateStockTransfer':
      return 'edit';
    case 'DeleteStockTransfer':
      return 'delete';
    default:
      return 'create';
  }
}

function liveRecord(state: StockTransferState): StockTransferRecord | null {
  return state.status === 'live' ? state.record : null;
}
