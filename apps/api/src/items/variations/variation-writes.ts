import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { Injectable } from '@nestjs/common';
import {
  ABSENT,
  AddVariationLocation,
  CreateItemVariation,
  decideItemVariation,
  firstVariationItemEvents,
  FirstVariationItemEvent,
  isDomainError,
  itemAggregate,
  ItemRecord,
  ItemVariationCommand,
  ItemVariationContext,
  itemVariationAggregate,
  ItemVariationRecord,
  liveRecordIn,
  NewItemVariationInput,
  NewVariationPlan,
  planNewVariation,
  variationNumbersNeeded,
  isRecordId,
} from '@app/domain';
import { EventMetadata } from '@app/event-store';
import { Actor, eventMetadata } from '../../auth/actor';
import { RecordWriter } from '../../commands/record-writer';
import { resourceMissing } from '../../http/api-error';
import { ItemReads } from '../item-reads';
import { KeyedLock } from '../../commands/keyed-lock';
import { RowNumbers } from './row-numbers';
import { VariationContexts } from './variation-context';

/** The variation after a write and the revision of its stream (its ETag); deleted: its last data. */
export interface VariationWritten {
  record: ItemVariationRecord;
  revision: number;
  deleted: boolean;
}

/** What the first variation decided on the item's stream, kept for the variation's own write. */
interface FirstStep {
  context: ItemVariationContext;
  numbers: number[];
  plan: NewVariationPlan;
  itemEvents: FirstVariationItemEvent[];
}

/**
 * Variation commands through their streams. A new variation is decided against the item's
 * stream first (with its revision): for the item's first variation that append is the item's
 * half (its stock moved out, its attributes set, threshold and zone cleared), then the variation's
 * stream is created with the matching half (stock moved in). Row numbers are drawn once the command
 * is known valid. Creations and new combinations of one item run one at a time in this process.
 */
@Injectable()
export class VariationWrites {
  private readonly perItem = new KeyedLock();

  constructor(
    private readonly writer: RecordWriter,
    private readonly items: ItemReads,
    private readonly contexts: VariationContexts,
    private readonly numbers: RowNumbers,
  ) {}

  async create(actor: Actor, itemId: string, input: NewItemVariationInput): Promise<VariationWritten> {
    await this.items.visible(actor, itemId);
    return this.perItem.run(itemId, async () => {
      const id = randomUUID();
      const metadata = eventMetadata(actor);
      const first = await this.decideOnItem(actor, itemId, id, input, metadata);
      const command: CreateItemVariation = {
        type: 'CreateItemVariation',
        id,
        input,
        row_numbers: first.numbers,
      };
      try {
        const { state, revision } = await this.writer.write(
          itemVariationAggregate,
          id,
          (s) => decideItemVariation(command, s, first.context),
          { metadata, fresh: true },
        );
        return written(state, revision);
      } catch (error) {
        if (first.itemEvents.length > 0) await this.undoItemHalf(itemId, first, metadata);
        throw error;
      }
    });
  }

  /** Validates the new variation on the item's current state, draws its row numbers, writes the item's half. */
  private async decideOnItem(
    actor: Actor,
    itemId: string,
    id: string,
    input: NewItemVariationInput,
    metadata: EventMetadata,
  ): Promise<FirstStep> {
    let step: FirstStep | undefined;
    await this.writer.write(
      itemAggregate,
      itemId,
      async (state) => {
        const item = liveRecordIn(state, actor.accountId);
        if (isDomainError(item)) return item;
        const now = new Date().toISOString();
        const command: CreateItemVariation = { type: 'CreateItemVariation', id, input, row_numbers: [] };
        const context = await this.contexts.of(actor, item, command, ABSENT, now);
        const plan = planNewVariation(input, ABSENT, context);
        if (isDomainError(plan)) return plan;
        const numbers =
          step?.numbers.length === plan.rows.length
            ? step.numbers
            : await this.numbers.draw(actor.accountId, plan.rows.length, id, metadata);
        const itemEvents =
          context.siblings!.length === 0 ? firstVariationItemEvents(plan, context.item, id, now) : [];
        step = { context, numbers, plan, itemEvents };
        return itemEvents;
      },
      { metadata },
    );
    return step!;
  }

  /** The variation's stream could not be written: the item gets its stock back (best effort). */
  private async undoItemHalf(itemId: string, first: FirstStep, metadata: EventMetadata): Promise<void> {
    const now = new Date().toISOString();
    await this.writer
      .write(
        itemAggregate,
        itemId,
        (state) => {
          if (state.status !== 'live') return [];
          return first.itemEvents.map((event) =>
            event.type === 'StockAdjusted'
              ? restock(event, state.record, now)
              : restoreSettings(event, first, now),
          );
        },
        { metadata },
      )
      .catch(() => undefined);
  }

  /** Any other command on an existing variation of the item. */
  async change(
    actor: Actor,
    itemId: string,
    variationId: string,
    command: ItemVariationCommand,
    ifMatch?: number,
  ): Promise<VariationWritten> {
    if (!isRecordId(variationId)) throw resourceMissing();
    const { record: item } = await this.items.visible(actor, itemId);
    const run = () => this.decideOnVariation(actor, item, variationId, command, ifMatch);
    const recombines = command.type === 'UpdateItemVariation' && command.input.attributes !== undefined;
    return recombines ? this.perItem.run(itemId, run) : run();
  }

  private async decideOnVariation(
    actor: Actor,
    item: ItemRecord,
    variationId: string,
    command: ItemVariationCommand,
    ifMatch?: number,
  ): Promise<VariationWritten> {
    const metadata = eventMetadata(actor);
    let drawn: number[] = [];
    const { state, revision } = await this.writer.write(
      itemVariationAggregate,
      variationId,
      async (current) => {
        const context = await this.contexts.of(actor, item, command, current);
        if (command.type !== 'AddVariationLocation') return decideItemVariation(command, current, context);
        const needed = variationNumbersNeeded(command, current, context);
        if (isDomainError(needed)) return needed;
        if (drawn.length !== needed)
          drawn = await this.numbers.draw(actor.accountId, needed, variationId, metadata);
        const numbered: AddVariationLocation = { ...command, item_variation_location_id: drawn[0] };
        return decideItemVariation(numbered, current, context);
      },
      { metadata, ifMatch },
    );
    return written(state, revision);
  }
}

function written(
  state: { status: string; record?: ItemVariationRecord },
  revision: number,
): VariationWritten {
  if (state.status === 'absent' || !state.record) throw resourceMissing();
  return { record: state.record, revision, deleted: state.status === 'deleted' };
}

function restock(event: FirstVariationItemEvent & { type: 'StockAdjusted' }, item: ItemRecord, now: string) {
  const { location_id, quantity } = event.data;
  const back = quantity.startsWith('-') ? quantity.slice(1) : `-${quantity}`;
  const current = location_id === null ? '0' : (item.on_hand[location_id] ?? '0');
  return {
    type: 'StockAdjusted' as const,
    data: {
      ...event.data,
      quantity: back,
      on_hand_after: new Decimal(current).plus(back).toFixed(),
      reason: 'Returned: the first variation could not be created',
      adjusted_at: now,
    },
  };
}

function restoreSettings(event: FirstVariationItemEvent, first: FirstStep, now: string) {
  const { item } = first.context;
  const before = {
    variation_attribute_ids: item.variation_attribute_ids,
    threshold: item.threshold,
    zone_id: item.zone_id,
  };
  const changes = Object.fromEntries(
    Object.keys((event as { data: { changes: object } }).data.changes).map((key) => [
      key,
      before[key as keyof typeof before],
    ]),
  );
  return { type: 'ItemUpdated' as const, data: { changes, updated_at: now } };
}
