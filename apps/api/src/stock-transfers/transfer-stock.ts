import { Injectable } from '@nestjs/common';
import {
  isDomainError,
  itemAggregate,
  itemVariationAggregate,
  MoveTransferStock,
  OwnerMovement,
} from '@app/domain';
import { StreamAppend } from '@app/event-store';
import { toExpectedRevision } from '@app/event-store/aggregate';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter, toEventData } from '@app/runtime';
import { decideOwnerMovement, ownerStream } from '@app/processes';
import { StockTransferLookups } from './stock-transfer-lookups';

/**
 * A transfer step's on-hand movements, each decided on the stream that owns the stock (the item's,
 * or the variation's) as read now: "on-hand never goes below zero by hand" is that stream's rule.
 * Nothing is written here: the appends, each expecting the revision its movement was decided on,
 * go with the transfer's event in one atomic append (StockTransferWrites), so two movements racing
 * for the last units serialise on the owner's stream, the loser decides again, and the stock moves
 * with the step or not at all (docs/inventory.md). A refusal is thrown (`param` `lines.N.quantity`).
 *
 * A movement carries the step's key (`<transfer>:<step>@<revision>:<uuid>`), which the
 * transfer's event names too.
 */
@Injectable()
export class TransferStock {
  constructor(
    private readonly writer: RecordWriter,
    private readonly lookups: StockTransferLookups,
  ) {}

  async decide(
    actor: Actor,
    transferId: string,
    key: string,
    movements: readonly OwnerMovement[],
  ): Promise<StreamAppend[]> {
    const appends: StreamAppend[] = [];
    for (const movement of movements) {
      const append = await this.decideOne(actor, transferId, key, movement);
      if (append) appends.push(append);
    }
    return appends;
  }

  private async decideOne(
    actor: Actor,
    transferId: string,
    key: string,
    { owner, changes, shortfall }: OwnerMovement,
  ): Promise<StreamAppend | undefined> {
    const command: MoveTransferStock = {
      type: 'MoveTransferStock',
      stock_transfer_id: transferId,
      key,
      changes,
      shortfall,
    };
    const { state, revision } =
      owner.kind === 'item'
        ? await this.writer.read(itemAggregate, owner.id)
        : await this.writer.read(itemVariationAggregate, owner.id);
    const context = {
      now: new Date().toISOString(),
      accountId: actor.accountId,
      invoiced: await this.lookups.invoiced(owner),
    };
    const decided = decideOwnerMovement(owner, state, command, context);
    if (isDomainError(decided)) throw decided;
    if (decided.length === 0) return undefined;
    const options = { metadata: eventMetadata(actor) };
    return {
      streamId: ownerStream(owner),
      events: decided.map((event) => toEventData(event, options)),
      expectedRevision: toExpectedRevision(revision),
    };
  }
}
