import { Injectable } from '@nestjs/common';
import {
  decideItem,
  DomainError,
  InvoiceItemUnit,
  itemAggregate,
  ItemContext,
  ItemState,
  ReleaseItemUnit,
} from '@app/domain';
import { isUnitLine, unitDecisionContext, uniqueItems, UnitLine } from '@app/processes';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';

/**
 * "A unique item's unit is on at most one active invoice, and only when on hand", decided on each
 * item's own stream (`InvoiceItemUnit` / `ReleaseItemUnit`, libs/domain/src/item/unit.ts) with the
 * revision it was decided on, so that two invoices racing for one unit serialise: exactly one
 * wins, the other's retry sees the unit taken and is refused with 409 `item_unit_unavailable`.
 *
 * The invoice handlers call it around the invoice's own append:
 * - create: `claim(lines)` after the invoice's decision accepted its lines (a new line needs an
 *   available item: a unit already claimed, by this invoice too, reads sold and is refused) and
 *   before appending InvoiceCreated; if that append fails, `release(lines)`.
 * - edit: `reconcile(before, after)` after the decision, before appending InvoiceUpdated (claims
 *   the added units, then gives back the removed ones); if that append fails,
 *   `reconcile(after, before)`. Kept lines are not looked up again, added ones are: a decision
 *   retried after a claim must not look up the units this invoice just took.
 * - cancel, delete: `release(lines)` after the invoice's append.
 *
 * Every step is repeat-safe for one invoice id (a unit it holds is not claimed twice, a unit it
 * does not hold is not released), so a retried request or a completing reactor changes nothing.
 */
@Injectable()
export class UniqueUnits {
  constructor(private readonly writer: RecordWriter) {}

  /**
   * Takes the unit of every unique item on the lines for the invoice, one item at a time in item
   * id order. On a refusal the units this call took are given back, then the refusal is thrown
   * with `param` naming the first line of that item (`lines.N.item_id`). A unique item on two
   * lines of one invoice is refused before anything is written (one unit, one line).
   */
  async claim(actor: Actor, invoiceId: string, lines: readonly UnitLine[]): Promise<void> {
    const items = uniqueItems(lines);
    const taken: string[] = [];
    for (const [itemId, at] of items) {
      try {
        if (await this.write(actor, itemId, { type: 'InvoiceItemUnit', invoice_id: invoiceId }))
          taken.push(itemId);
      } catch (error) {
        await this.giveBack(actor, invoiceId, taken);
        throw error instanceof DomainError ? atLine(error, at) : error;
      }
    }
  }

  /** Gives back the units of the unique items on the lines that this invoice holds. */
  async release(actor: Actor, invoiceId: string, lines: readonly UnitLine[]): Promise<void> {
    for (const itemId of uniqueItems(lines, false).keys()) await this.releaseOne(actor, invoiceId, itemId);
  }

  /**
   * An edit from `before` to `after`: claims the units of unique items only `after` names (as
   * `claim` does, `param` indexing `after`), then gives back those only `before` named.
   */
  async reconcile(
    actor: Actor,
    invoiceId: string,
    before: readonly UnitLine[],
    after: readonly UnitLine[],
  ): Promise<void> {
    const held = uniqueItems(before, false);
    const wanted = uniqueItems(after);
    const added = after.map((line) =>
      isUnitLine(line) && held.has(line.item_id) ? { ...line, unique: false } : line,
    );
    await this.claim(actor, invoiceId, added);
    for (const itemId of held.keys())
      if (!wanted.has(itemId)) await this.releaseOne(actor, invoiceId, itemId);
  }

  private releaseOne(actor: Actor, invoiceId: string, itemId: string): Promise<boolean> {
    return this.write(actor, itemId, { type: 'ReleaseItemUnit', invoice_id: invoiceId });
  }

  /** Best effort: the refusal being reported matters more than a failed give-back. */
  private async giveBack(actor: Actor, invoiceId: string, itemIds: string[]): Promise<void> {
    for (const itemId of itemIds) {
      try {
        await this.releaseOne(actor, invoiceId, itemId);
      } catch {
        // Left held by an invoice that does not exist: see docs/events.md (ItemUnitInvoiced).
      }
    }
  }

  /** Decided on the item's stream and appended with that revision; whether anything was appended. */
  private async write(
    actor: Actor,
    itemId: string,
    command: InvoiceItemUnit | ReleaseItemUnit,
  ): Promise<boolean> {
    const { events } = await this.writer.write(
      itemAggregate,
      itemId,
      (state: ItemState) => decideItem(command, state, unitContext(actor)),
      { metadata: eventMetadata(actor) },
    );
    return events.length > 0;
  }
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
