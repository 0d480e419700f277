import { Injectable } from '@nestjs/common';
import {
  decideItem,
  decideItemVariation,
  giveBackKey,
  itemAggregate,
  ItemState,
  itemVariationAggregate,
  ItemVariationState,
  MoveTransferStock,
  oppositeChanges,
  OwnerMovement,
} from '@app/domain';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '../commands/record-writer';
import { itemMovementContext, variationMovementContext } from './owner-movement';
import { StockTransferLookups } from './stock-transfer-lookups';

/**
 * A transfer step's on-hand movements, each decided on the stream that owns the stock (the item's,
 * or the variation's) with the revision it was decided on: "on-hand never goes below zero by hand"
 * is that stream's rule, so two movements racing for the last units serialise there and exactly
 * one wins (docs/inventory.md). Streams are taken one at a time in stream order; on a refusal the
 * movements this call made are given back and the refusal is thrown (`param` `lines.N.quantity`).
 *
 * A movement carries a key (`<transfer>:<step>:<attempt>`) that a stream records once, so a retried
 * write decides nothing twice; a give-back is the opposite movement under `<key>:undo` (giveBackKey).
 */
@Injectable()
export class TransferStock {
  constructor(
    private readonly writer: RecordWriter,
    private readonly lookups: StockTransferLookups,
  ) {}

  async move(
    actor: Actor,
    transferId: string,
    key: string,
    movements: readonly OwnerMovement[],
  ): Promise<void> {
    const done: OwnerMovement[] = [];
    for (const movement of movements) {
      try {
        await this.write(actor, transferId, key, movement);
        done.push(movement);
      } catch (error) {
        await this.undo(actor, transferId, key, done);
        throw error;
      }
    }
  }

  /**
   * Best effort, in reverse order: the refusal or failure being reported matters more. A give-back
   * that is itself refused (the stock it returns was taken meanwhile) is left as it is: see
   * docs/inventory.md, known limits.
   */
  async undo(actor: Actor, transferId: string, key: string, done: readonly OwnerMovement[]): Promise<void> {
    for (const movement of [...done].reverse()) {
      try {
        await this.write(actor, transferId, giveBackKey(key), {
          ...movement,
          changes: oppositeChanges(movement.changes),
        });
      } catch {
        // Left moved: see docs/inventory.md.
      }
    }
  }

  private async write(actor: Actor, transferId: string, key: string, movement: OwnerMovement): Promise<void> {
    const command: MoveTransferStock = {
      type: 'MoveTransferStock',
      stock_transfer_id: transferId,
      key,
      changes: movement.changes,
      shortfall: movement.shortfall,
    };
    const { owner } = movement;
    const context = async () => ({
      now: new Date().toISOString(),
      accountId: actor.accountId,
      invoiced: await this.lookups.invoiced(owner),
    });
    const options = { metadata: eventMetadata(actor) };
    if (owner.kind === 'item')
      await this.writer.write(
        itemAggregate,
        owner.id,
        async (state: ItemState) => decideItem(command, state, itemMovementContext(await context())),
        options,
      );
    else
      await this.writer.write(
        itemVariationAggregate,
        owner.id,
        async (state: ItemVariationState) =>
          decideItemVariation(command, state, variationMovementContext(await context())),
        options,
      );
  }
}
