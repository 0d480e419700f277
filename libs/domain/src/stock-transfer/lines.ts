import Decimal from 'decimal.js';
import { DomainError, invalid, isDomainError } from '../shared/domain-error';
import { decimal, optionalText } from '../shared/parsers';
import { StockTransferContext } from './context';
import { StockTransferLine } from './state';

/** §8: a transfer has 1 to 100 lines. */
export const MAX_TRANSFER_LINES = 100;
const QUANTITY_LIMIT = new Decimal('1000000000000');
const DESCRIPTION = optionalText(2000);
const LINE_FIELDS = new Set(['id', 'item_id', 'item_variation_location_id', 'quantity', 'description']);

/**
 * The complete set of lines a create or PATCH gives: each an inventory line of an item of the
 * account, located at the origin (a variation row of the item there, or an item without variations
 * whose primary location, when it has one, is the origin), whose variation is also stocked at the
 * destination. An entry with the `id` of a line of `existing` updates that line
 * (keeping its id), one without adds a line, lines left out are removed.
 */
export function transferLines(
  value: unknown,
  where: { origin: string; destination: string },
  context: StockTransferContext,
  existing: readonly StockTransferLine[] = [],
): StockTransferLine[] | DomainError {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_TRANSFER_LINES)
    return invalid('lines', `lines must be a list of 1 to ${MAX_TRANSFER_LINES} lines.`);
  const lines: StockTransferLine[] = [];
  const ids = new Set<string>();
  for (const [index, entry] of value.entries()) {
    const line = transferLine(entry, `lines.${index}`, where, context, existing);
    if (isDomainError(line)) return line;
    if (ids.has(line.id)) return invalid(`lines.${index}.id`, 'Each line may be named once.');
    ids.add(line.id);
    lines.push(line);
  }
  return lines;
}

function transferLine(
  entry: unknown,
  at: string,
  { origin, destination }: { origin: string; destination: string },
  context: StockTransferContext,
  existing: readonly StockTransferLine[],
): StockTransferLine | DomainError {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return invalid(at, `${at} must be an object.`);
  const input = entry as Record<string, unknown>;
  const unknownField = Object.keys(input).find((key) => !LINE_FIELDS.has(key));
  if (unknownField !== undefined)
    return new DomainError(
      422,
      'invalid_request_error',
      'unsupported_stock_transfer_field',
      `${at}.${unknownField} is not a field of a stock transfer line.`,
      `${at}.${unknownField}`,
    );
  let kept: StockTransferLine | undefined;
  if (input.id !== undefined && input.id !== null) {
    kept = existing.find((line) => typeof input.id === 'string' && line.id === input.id.toLowerCase());
    if (!kept) return invalid(`${at}.id`, `${at}.id must be the id of a line of this transfer.`);
  }
  const itemId = input.item_id ?? kept?.item_id;
  if (itemId === undefined) return invalid(`${at}.item_id`, `${at}.item_id is required.`);
  const item = typeof itemId === 'string' ? context.items.get(itemId.toLowerCase()) : undefined;
  if (!item) return invalid(`${at}.item_id`, `${at}.item_id must be an active item of this account.`);
  const rawQuantity = input.quantity ?? kept?.quantity;
  if (rawQuantity === undefined) return invalid(`${at}.quantity`, `${at}.quantity is required.`);
  const quantity = decimal(rawQuantity);
  if (
    !quantity ||
    !quantity.isPositive() ||
    quantity.isZero() ||
    quantity.greaterThanOrEqualTo(QUANTITY_LIMIT)
  )
    return invalid(`${at}.quantity`, `${at}.quantity must be a positive number below 1000000000000.`);
  if (quantity.decimalPlaces() > 4)
    return invalid(`${at}.quantity`, `${at}.quantity must have at most 4 decimals.`);
  const description =
    input.description === undefined
      ? kept?.item_id === item.id
        ? kept.description
        : item.description
      : DESCRIPTION(input.description, `${at}.description`);
  if (isDomainError(description)) return description;
  const rowInput =
    input.item_variation_location_id !== undefined
      ? input.item_variation_location_id
      : kept?.item_id === item.id
        ? kept.item_variation_location_id
        : undefined;
  const placed = placement(
    rowInput,
    `${at}.item_variation_location_id`,
    item,
    { origin, destination },
    context,
  );
  if (isDomainError(placed)) return placed;
  // A kept line stays valid when its item moves later: only new or re-pointed lines are checked.
  if (!item.has_variations && kept?.item_id !== item.id && !locatedAt(item, origin))
    return invalid(`${at}.item_id`, `${at}.item_id must be an item located at the origin.`);
  return {
    id: kept?.id ?? context.newLineId(),
    item_id: item.id,
    ...placed,
    name: item.name,
    description,
    quantity: item.inventory_type === 'unique' ? '1' : quantity.toFixed(),
    unit_id: item.unit_id,
    unique: item.inventory_type === 'unique',
  };
}

/** An item without variations is at its primary location; one without a location is anywhere. */
function locatedAt(item: { location_id: string | null }, location: string): boolean {
  return item.location_id === null || item.location_id === location;
}

type Placement = Pick<
  StockTransferLine,
  | 'variation_id'
  | 'item_variation_location_id'
  | 'destination_item_variation_location_id'
  | 'variation'
  | 'variation_values'
>;

/** Where the line's stock is kept: the item itself, or its variation's rows at both ends. */
function placement(
  value: unknown,
  param: string,
  item: { id: string; has_variations: boolean },
  { origin, destination }: { origin: string; destination: string },
  context: StockTransferContext,
): Placement | DomainError {
  if (!item.has_variations) {
    if (value !== undefined && value !== null)
      return invalid(param, 'This item has no variations: name no item_variation_location_id.');
    return {
      variation_id: null,
      item_variation_location_id: null,
      destination_item_variation_location_id: null,
      variation: null,
      variation_values: {},
    };
  }
  if (value === undefined || value === null)
    return invalid(param, "This item's stock is kept per variation: item_variation_location_id is required.");
  const row = typeof value === 'number' ? context.rows.get(value) : undefined;
  if (!row || row.item_id !== item.id || row.location_id !== origin)
    return invalid(param, `${param} must be a variation location of this item at the origin.`);
  const there = row.rows[destination];
  if (there === undefined)
    return invalid(param, 'The variation is not stocked at the destination: add that location to it first.');
  const labels = Object.values(row.values);
  return {
    variation_id: row.variation_id,
    item_variation_location_id: row.item_variation_location_id,
    destination_item_variation_location_id: there,
    variation: labels.length > 0 ? labels.join(' / ') : null,
    variation_values: { ...row.values },
  };
}
