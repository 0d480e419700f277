import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideItem,
  DomainError,
  invalid,
  isDomainError,
  itemAggregate,
  itemArchived,
  ItemCommand,
  ItemInput,
  ItemRecord,
  ItemState,
  visibleItem,
  isIntegerId,
  isRecordId,
  MAX_INTEGER,
} from '@app/domain';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { resourceMissing } from '@app/runtime';
import { Numbering } from '../records/numbering';
import { RecordLimit } from '../records/record-limit';
import { ItemContexts } from './item-context';
import { ItemLookups } from './item-lookups';
import { VariationStock } from './item-variation-stock';

/** The item after a write and the revision of its stream's last event. */
export interface ItemWritten {
  record: ItemRecord;
  revision: number;
}

/** The body of POST /items/{id}/adjustments, as sent. */
export interface AdjustmentInput {
  location_id?: unknown;
  item_variation_location_id?: unknown;
  quantity?: unknown;
  reason?: unknown;
}

/**
 * Item commands through the item's stream: the domain decides with what the command names looked
 * up; a creation draws the account's next item number only once the item is accepted and the
 * record limit has room, so a refused request consumes no number.
 */
@Injectable()
export class ItemWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: ItemContexts,
    private readonly lookups: ItemLookups,
    private readonly numbering: Numbering,
    private readonly recordLimit: RecordLimit,
    private readonly variationStock: VariationStock,
  ) {}

  async create(actor: Actor, input: ItemInput): Promise<ItemWritten> {
    const id = randomUUID();
    const metadata = eventMetadata(actor);
    const { state, revision } = await this.writer.write(
      itemAggregate,
      id,
      async (current: ItemState) => {
        const context = await this.contexts.of(actor, current, id, {
          type: 'CreateItem',
          id,
          item_number: 0,
          input,
        });
        const create = (item_number: number) =>
          decideItem({ type: 'CreateItem', id, item_number, input }, current, context);
        const decision = create(0);
        if (isDomainError(decision)) return decision;
        await this.recordLimit.assertRoomFor(actor);
        const request = {
          accountId: actor.accountId,
          sequence: 'item',
          recordId: id,
          metadata,
          now: context.now,
        };
        // The same decision with the number drawn once it was accepted (a refusal consumes none).
        return create(await this.numbering.next(request));
      },
      { metadata, fresh: true },
    );
    return written(state, revision);
  }

  /** Update, archive, restore or a stock adjustment of the item's own stock. */
  async change(actor: Actor, id: string, command: ItemCommand, ifMatch?: number): Promise<ItemWritten> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.write(
      itemAggregate,
      id,
      async (current: ItemState) =>
        decideItem(command, current, await this.contexts.of(actor, current, id, command)),
      { metadata: eventMetadata(actor), ifMatch },
    );
    return written(state, revision);
  }

  /**
   * A stock adjustment (EXTENSIONS.md §7): of the item's own stock at a location, or, naming
   * `item_variation_location_id`, of that variation row (the variations module decides it).
   */
  async adjust(actor: Actor, id: string, body: AdjustmentInput, ifMatch?: number): Promise<ItemWritten> {
    const { item_variation_location_id: row, ...input } = body;
    if (row === undefined) return this.change(actor, id, { type: 'AdjustItemStock', input }, ifMatch);
    const item = await this.visible(actor, id);
    const refusal = await this.rowRefusal(item, row);
    if (refusal) throw refusal;
    await this.variationStock.adjust({
      actor,
      itemId: id,
      itemVariationLocationId: row as number,
      locationId: input.location_id,
      quantity: input.quantity,
      reason: input.reason,
    });
    const { state, revision } = await this.writer.read(itemAggregate, id);
    return written(state, revision);
  }

  private async visible(actor: Actor, id: string): Promise<ItemRecord> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state } = await this.writer.read(itemAggregate, id);
    const item = visibleItem(state, await this.contexts.sight(actor, state, id));
    if (isDomainError(item)) throw item;
    return item;
  }

  private async rowRefusal(item: ItemRecord, row: unknown): Promise<DomainError | undefined> {
    const param = 'item_variation_location_id';
    if (item.archived) return itemArchived();
    if (!isIntegerId(row)) return invalid(param, `${param} must be an integer id from 1 to ${MAX_INTEGER}.`);
    if ((await this.lookups.variationCount(item.id)) === 0)
      return invalid(
        param,
        'This item has no variations: adjust its own stock without item_variation_location_id.',
      );
    return undefined;
  }
}

function written(state: ItemState, revision: number): ItemWritten {
  if (state.status !== 'live') throw resourceMissing();
  return { record: state.record, revision };
}
