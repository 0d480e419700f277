import { Inject, Injectable } from '@nestjs/common';
import {
  decideItem,
  DomainError,
  InvoiceItemUnit,
  isDomainError,
  itemAggregate,
  ItemContext,
  ItemState,
  ReleaseItemUnit,
} from '@app/domain';
import { EventStore, StreamAppend, WrongExpectedVersionError } from '@app/event-store';
import { streamName, toExpectedRevision } from '@app/event-store/aggregate';
import { unitDecisionContext, uniqueItems, UnitLine } from '@app/processes';
import { RecordWriter, toEventData } from '@app/runtime';
import { Actor, eventMetadata } from '../auth/actor';
import { EVENT_STORE } from '../store/tokens';

/** Decisions before giving up when items keep moving under a move (as many racing invoices do). */
const MAX_DECISIONS = 20;

/**
 * "A unique item's unit is on at most one active invoice, and only when on hand", decided on each
 * item's own stream (`InvoiceItemUnit` / `ReleaseItemUnit`, libs/domain/src/item/unit.ts) as read
 * now, and appended in ONE atomic append with the invoice's own event (or the estimate's
 * conversion, the sales order's invoicing: `RecordWriter`'s `alongside`), each item stream with the
 * revision its unit was decided on. Two invoices racing for one unit serialise: exactly one append
 * lands, the other is decided again on the item's new state and refused with 409
 * `item_unit_unavailable`. Nothing to give back when an append fails: nothing was written.
 *
 * - create: `move(id, [], lines)`: a new line needs an available item (a unit already held, by
 *   this invoice too, reads sold and is refused);
 * - edit: `move(id, before, after)`: the units only `after` names are taken, those only `before`
 *   named are given back; kept lines are not looked up again;
 * - cancel, delete: `move(id, lines, [])`.
 */
@Injectable()
export class UniqueUnits {
  constructor(
    private readonly writer: RecordWriter,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * The item-stream appends that move the invoice's units from the `before` lines to the `after`
   * ones, in item id order. A refusal is thrown with `param` naming the first line of that item in
   * `after` (`lines.N.item_id`); a unique item on two lines of `after` is refused (one unit, one line).
   */
  async move(
    actor: Actor,
    invoiceId: string,
    before: readonly UnitLine[],
    after: readonly UnitLine[],
  ): Promise<StreamAppend[]> {
    const appends: StreamAppend[] = [];
    for (const step of unitSteps(invoiceId, before, after)) {
      const append = await this.decide(actor, step.itemId, step.command).catch((error: unknown) => {
        throw error instanceof DomainError && step.line !== undefined ? atLine(error, step.line) : error;
      });
      if (append) appends.push(append);
    }
    return appends;
  }

  /**
   * The same moves by themselves, all or none in one atomic append, decided again when an item
   * moved meanwhile: for a test, or a repair by hand, that has no record of its own to append them
   * with.
   */
  async apply(
    actor: Actor,
    invoiceId: string,
    before: readonly UnitLine[],
    after: readonly UnitLine[],
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const appends = await this.move(actor, invoiceId, before, after);
      if (appends.length === 0) return;
      try {
        await this.store.appendToStreams(appends);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_DECISIONS) throw error;
      }
    }
  }

  /** Decided on the item's stream as read now: its events, with that revision; none to append. */
  private async decide(
    actor: Actor,
    itemId: string,
    command: InvoiceItemUnit | ReleaseItemUnit,
  ): Promise<StreamAppend | undefined> {
    const { state, revision } = await this.writer.read(itemAggregate, itemId);
    const decided = decideItem(command, state as ItemState, unitContext(actor));
    if (isDomainError(decided)) throw decided;
    if (decided.length === 0) return undefined;
    return {
      streamId: streamName(itemAggregate, itemId),
      events: decided.map((event) => toEventData(event, { metadata: eventMetadata(actor) })),
      expectedRevision: toExpectedRevision(revision),
    };
  }
}

/** Each unit to take (with the line asking for it) or give back, in item id order. */
function unitSteps(invoiceId: string, before: readonly UnitLine[], after: readonly UnitLine[]) {
  const held = uniqueItems(before, false);
  const wanted = uniqueItems(after);
  const take = (itemId: string, line: number) => ({
    itemId,
    line,
    command: { type: 'InvoiceItemUnit', invoice_id: invoiceId } as InvoiceItemUnit | ReleaseItemUnit,
  });
  const release = (itemId: string) => ({
    itemId,
    line: undefined,
    command: { type: 'ReleaseItemUnit', invoice_id: invoiceId } as InvoiceItemUnit | ReleaseItemUnit,
  });
  return [
    ...[...wanted].filter(([itemId]) => !held.has(itemId)).map(([itemId, line]) => take(itemId, line)),
    ...[...held.keys()].filter((itemId) => !wanted.has(itemId)).map(release),
  ];
}

/**
 * The invoice has already checked what its lines may name (account, visibility, archive): the
 * item's decision needs only the account and the time.
 */
function unitContext(actor: Actor): ItemContext {
  return unitDecisionContext(actor.accountId, new Date().toISOString());
}

/** The refusal of one item, naming the invoice line that asked for it. */
function atLine(error: DomainError, index: number): DomainError {
  return new DomainError(error.status, error.type, error.code, error.message, `lines.${index}.item_id`);
}
