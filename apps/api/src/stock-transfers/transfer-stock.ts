import { Injectable } from '@nestjs/common';
import {
  decideItem,
  decideItemVariation,
  DomainError,
  itemAggregate,
  ItemContext,
  ItemState,
  itemVariationAggregate,
  ItemVariationContext,
  ItemVariationState,
  MoveTransferStock,
  NO_REFERENCES,
  OwnerMovement,
} from '@app/domain';
import Decimal from 'decimal.js';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '../commands/record-writer';
import { StockTransferLookups } from './stock-transfer-lookups';

/**
 * A transfer step's on-hand movements, each decided on the stream that owns the stock (the item's,
 * or the variation's) with the revision it was decided on: "on-hand never goes below zero by hand"
 * is that stream's rule, so two movements racing for the last units serialise there and exactly
 * one wins (docs/inventory.md). Streams are taken one at a time in stream order; on a refusal the
 * movements this call made are given back and the refusal is thrown (`param` `lines.N.quantity`).
 *
 * A movement carries a key (`<transfer>:<step>:<attempt>`) that a stream records once, so a retried
 * write decides nothing twice; a give-back is the opposite movement under `<key>:undo`.
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
      const opposite = {
        ...movement,
        changes: movement.changes.map((c) => ({
          ...c,
          quantity: new Decimal(c.quantity).negated().toFixed(),
        })),
      };
      try {
        await this.write(actor, transferId, `${key}:undo`, opposite);
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
    const options = { metadata: eventMetadata(actor) };
    const { owner } = movement;
    if (owner.kind === 'item') {
      await this.writer.write(
        itemAggregate,
        owner.id,
        async (state: ItemState) => {
          const context: ItemContext = {
            now: new Date().toISOString(),
            accountId: actor.accountId,
            mayViewCost: false,
            references: NO_REFERENCES,
            invoiced: await this.lookups.invoiced(owner),
          };
          return decideItem(command, state, context);
        },
        options,
      );
      return;
    }
    await this.writer.write(
      itemVariationAggregate,
      owner.id,
      async (state: ItemVariationState) => {
        const context = {
          now: new Date().toISOString(),
          accountId: actor.accountId,
          canModifyPrices: false,
          canViewCosts: false,
          invoicedAt: await this.lookups.invoiced(owner),
        } as unknown as ItemVariationContext;
        return decideItemVariation(command, state, context);
      },
      options,
    );
  }
}

export function isRefusal(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
