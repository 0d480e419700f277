import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideStockTransfer,
  isDomainError,
  numberedCreation,
  StockTransferCommand,
  StockTransferEvent,
  StockTransferInput,
  StockTransferRecord,
  StockTransferState,
  stockTransferAggregate,
  transferMovements,
} from '@app/domain';
import { StreamAppend } from '@app/event-store';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DocumentNumbers } from '../documents/document-numbers';
import { DocumentWritten, WriteMoment, writeDocument, writeNewDocument } from '../documents/document-writes';
import { StockTransferLookups } from './stock-transfer-lookups';
import { TransferStock } from './transfer-stock';

/** The transfer after a write (null once deleted), the revision of its last event, and what it appended. */
export type StockTransferWritten = DocumentWritten<StockTransferRecord, StockTransferEvent>;

/** Transfer numbers: one per-account counter, drawn once a creation is accepted. */
const STOCK_TRANSFER_NUMBERS = {
  sequence: 'stock_transfer',
  numbered: (events: StockTransferEvent[], number: number) =>
    numberedCreation(events, 'StockTransferCreated', 'stock_transfer_number', number),
};

/**
 * Stock-transfer commands through the transfer's stream, written as documents are. A step that
 * moves on-hand stock (send, receive, an in-transit edit, a delete after sending) is decided on the
 * transfer first, then its movements are decided on each stock-owning stream (TransferStock:
 * refused there with 409 `insufficient_stock`, or `stock_transfer_delete_not_allowed`), and the
 * movements and the transfer's event are ONE atomic append, each stream expecting the revision it
 * was decided on: a conflict on any of them writes nothing and decides again. See docs/inventory.md.
 */
@Injectable()
export class StockTransferWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly lookups: StockTransferLookups,
    private readonly numbers: DocumentNumbers,
    private readonly stock: TransferStock,
  ) {}

  create(actor: Actor, input: StockTransferInput): Promise<StockTransferWritten> {
    const decide = async (current: StockTransferState, { id, now }: WriteMoment) =>
      decideStockTransfer(
        { type: 'CreateStockTransfer', id, stock_transfer_number: 0, input },
        current,
        await this.lookups.context(actor, current, input, now),
      );
    const numbered = this.numbers.numberedCreation(actor, STOCK_TRANSFER_NUMBERS, decide);
    return writeNewDocument(this.writer, stockTransferAggregate, actor, numbered);
  }

  change(
    actor: Actor,
    id: string,
    command: StockTransferCommand,
    ifMatch?: number,
  ): Promise<StockTransferWritten> {
    const input = 'input' in command ? command.input : {};
    let movements: StreamAppend[] = [];
    const decide = async (current: StockTransferState, { now }: WriteMoment, decidedAt: number) => {
      movements = [];
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
        event.type === 'StockTransferCreated' ? event : { ...event, data: { ...event.data, movement: key } },
      ) as StockTransferEvent[];
    };
    return writeDocument(
      this.writer,
      stockTransferAggregate,
      actor,
      { id, ifMatch },
      decide,
      () => movements,
    );
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
