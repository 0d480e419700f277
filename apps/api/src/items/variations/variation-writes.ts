import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ABSENT,
  AddVariationLocation,
  CreateItemVariation,
  decideItemVariation,
  firstVariationDecided,
  firstVariationItemEvents,
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
import { streamName } from '@app/event-store/aggregate';
import { Actor, eventMetadata } from '../../auth/actor';
import { RecordWriter } from '@app/runtime';
import { resourceMissing } from '@app/runtime';
import { ReactorSteps } from '../../reactors/reactor-steps';
import { ItemReads } from '../item-reads';
import { KeyedLock } from '@app/runtime';
import { firstVariationReactor } from '@app/processes';
import { RowNumbers } from './row-numbers';
import { VariationContexts } from './variation-context';

/** The variation after a write and the revision of its stream (its ETag); deleted: its last data. */
export interface VariationWritten {
  record: ItemVariationRecord;
  revision: number;
  deleted: boolean;
}

/** What a new variation decided on the item's stream. */
interface ItemStep {
  context: ItemVariationContext;
  numbers: number[];
  plan: NewVariationPlan;
  /** The item's first variation: the revision of its FirstVariationDecided, which holds the variation's events. */
  handedOff?: number;
}

/**
 * Variation commands through their streams. A new variation is decided against the item's
 * stream first (with its revision). For the item's first variation that append is the item's half
 * (its stock moved out, its attributes set, threshold and zone cleared) ending with
 * FirstVariationDecided, which holds the variation's events (its stock moved in); the variation's
 * stream is then created from it, here or, if this process stops first, by the first_variation
 * reactor, with the same event ids (docs/reactors.md). Row numbers are drawn once the command is
 * known valid. Creations and new combinations of one item run one at a time in this process.
 */
@Injectable()
export class VariationWrites {
  private readonly perItem = new KeyedLock();

  constructor(
    private readonly writer: RecordWriter,
    private readonly items: ItemReads,
    private readonly contexts: VariationContexts,
    private readonly numbers: RowNumbers,
    private readonly steps: ReactorSteps,
  ) {}

  async create(actor: Actor, itemId: string, input: NewItemVariationInput): Promise<VariationWritten> {
    await this.items.visible(actor, itemId);
    return this.perItem.run(itemId, async () => {
      const id = randomUUID();
      const metadata = eventMetadata(actor);
      const step = await this.decideOnItem(actor, itemId, id, input, metadata);
      if (step.handedOff !== undefined) {
        // No undo if this fails: the decision is recorded, and the reactor completes it.
        await this.steps.runNow(firstVariationReactor, streamName(itemAggregate, itemId), step.handedOff);
        const { state, revision } = await this.writer.read(itemVariationAggregate, id);
        return written(state, revision);
      }
      const command: CreateItemVariation = {
        type: 'CreateItemVariation',
        id,
        input,
        row_numbers: step.numbers,
      };
      const { state, revision } = await this.writer.write(
        itemVariationAggregate,
        id,
        (s) => decideItemVariation(command, s, step.context),
        { metadata, fresh: true },
      );
      return written(state, revision);
    });
  }

  /**
   * Validates the new variation on the item's current state, draws its row numbers, and for the
   * item's first variation writes the item's half with the variation's events.
   */
  private async decideOnItem(
    actor: Actor,
    itemId: string,
    id: string,
    input: NewItemVariationInput,
    metadata: EventMetadata,
  ): Promise<ItemStep> {
    let step: ItemStep | undefined;
    const { events, revision } = await this.writer.write(
      itemAggregate,
      itemId,
      async (state) => {
        const item = liveRecordIn(state, actor.accountId);
        if (isDomainError(item)) return item;
        const now = new Date().toISOString();
        const command: CreateItemVariation = { type: 'CreateItemVariation', id, input, row_numbers: [] };
        let context = await this.contexts.of(actor, item, command, ABSENT, now);
        // A first variation decided but not yet created (its process stopped, no reactor has run
        // since) is completed first: this one is then a later variation, as it must be.
        const decided = () =>
          this.steps.completeLast(firstVariationReactor, streamName(itemAggregate, itemId));
        if (context.siblings!.length === 0 && (await decided()))
          context = await this.contexts.of(actor, item, command, ABSENT, now);
        const plan = planNewVariation(input, ABSENT, context);
        if (isDomainError(plan)) return plan;
        const numbers =
          step?.numbers.length === plan.rows.length
            ? step.numbers
            : await this.numbers.draw(actor.accountId, plan.rows.length, id, metadata);
        step = { context, numbers, plan };
        const itemEvents =
          context.siblings!.length === 0 ? firstVariationItemEvents(plan, context.item, id, now) : [];
        if (itemEvents.length === 0) return []; // the variation's stream alone
        const variationEvents = decideItemVariation({ ...command, row_numbers: numbers }, ABSENT, context);
        if (isDomainError(variationEvents)) return variationEvents;
        return [...itemEvents, firstVariationDecided(context.item, id, variationEvents, now)];
      },
      { metadata },
    );
    return events.length > 0 ? { ...step!, handedOff: revision } : step!;
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
