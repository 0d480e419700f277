import { DocumentLine, DomainError, ITEM_UNIT_UNAVAILABLE, ItemContext, NO_REFERENCES } from '@app/domain';

/** What the unit rule reads of an invoice line: any calculated document line will do. */
export type UnitLine = Pick<DocumentLine, 'line_type' | 'item_id' | 'unique'>;

/**
 * The invoice has already checked what its lines may name (account, visibility, archive): the
 * item's unit decision needs only the account and the time.
 */
export function unitDecisionContext(accountId: string, now: string): ItemContext {
  return { now, accountId, mayViewCost: false, references: NO_REFERENCES };
}

/** The unique items whose units the lines hold, each once, in item id order. */
export function unitItemIds(lines: readonly UnitLine[]): string[] {
  return [...uniqueItems(lines, false).keys()];
}

export function isUnitLine(line: UnitLine): line is UnitLine & { item_id: string } {
  return line.line_type === 'inventory' && line.unique && line.item_id !== null;
}

/**
 * The unique items the lines name, in item id order (a stable order for every invoice, so two
 * invoices wanting the same units meet on the same first one), each with its first line's index.
 * With `strict`, an item on two lines is refused.
 */
export function uniqueItems(lines: readonly UnitLine[], strict = true): Map<string, number> {
  const first = new Map<string, number>();
  lines.forEach((line, index) => {
    if (!isUnitLine(line)) return;
    if (!first.has(line.item_id)) first.set(line.item_id, index);
    else if (strict)
      throw new DomainError(
        409,
        'conflict_error',
        ITEM_UNIT_UNAVAILABLE,
        'A unique item has one unit: it can be on one line of an invoice only.',
        `lines.${index}.item_id`,
      );
  });
  return new Map([...first].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
