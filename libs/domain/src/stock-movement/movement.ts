import Decimal from 'decimal.js';
import { DomainError } from '../shared/domain-error';

/**
 * A movement of on-hand stock made by a stock transfer, decided on the stream that owns the stock
 * (the item's for an item without variations, the variation's for a variation row), so that two
 * movements racing for the same last units serialise on that stream's revision: exactly one wins.
 *
 * `key` names the movement (`<transfer id>:<step>:<attempt id>`): a stream that already recorded
 * it decides nothing, so a retried or completing step is harmless. `changes` are signed on-hand
 * changes per location; `param` names the transfer line that asked for the change.
 */
export type MoveTransferStock = {
  type: 'MoveTransferStock';
  stock_transfer_id: string;
  key: string;
  changes: readonly StockChange[];
  /** The code a shortfall is refused with: `insufficient_stock` unless told otherwise. */
  shortfall?: string;
};

export type StockChange = { location_id: string; quantity: string; param: string };

/** The data a movement appends, as a StockAdjusted event with its source. */
export type TransferMovementData = {
  stock_transfer_id: string;
  movement: string;
};

/**
 * Whether `change` leaves `onHand` (what the stream's adjustments and movements say, less what
 * active invoices take there, `invoiced`) at zero or more. A positive change is always allowed:
 * invoices may have taken the location below zero, and giving stock back must not be refused.
 */
export function shortfall(
  onHand: string,
  invoiced: string | undefined,
  change: string,
  { param, code }: { param: string; code: string },
): DomainError | undefined {
  const amount = new Decimal(change);
  if (!amount.isNegative()) return undefined;
  const available = new Decimal(onHand).minus(invoiced ?? '0');
  if (available.plus(amount).isNegative())
    return new DomainError(
      409,
      'conflict_error',
      code,
      `Only ${Decimal.max(available, 0).toFixed()} on hand at this location: the transfer would make it negative.`,
      param,
    );
  return undefined;
}

/** The changes summed per location (a location named twice moves once). */
export function byLocation(changes: readonly StockChange[]): StockChange[] {
  const summed = new Map<string, StockChange>();
  for (const change of changes) {
    const before = summed.get(change.location_id);
    summed.set(
      change.location_id,
      before
        ? { ...before, quantity: new Decimal(before.quantity).plus(change.quantity).toFixed() }
        : { ...change },
    );
  }
  return [...summed.values()].filter((change) => !new Decimal(change.quantity).isZero());
}

/** The key a movement is given back under: one per movement and stream, whoever gives it back. */
export function giveBackKey(key: string): string {
  return `${key}:undo`;
}

export function isGiveBackKey(key: string): boolean {
  return key.endsWith(':undo');
}

/** The changes that give `changes` back. */
export function oppositeChanges(changes: readonly StockChange[]): StockChange[] {
  return changes.map((change) => ({ ...change, quantity: new Decimal(change.quantity).negated().toFixed() }));
}

/**
 * The transfer revision a movement's step was decided on, from its key
 * `<transfer id>:<step>@<revision>:<attempt id>`; undefined for a key of another shape.
 */
export function decidedRevisionOf(key: string): number | undefined {
  const match = /^[^:]+:[a-z-]+@(-?\d+):[^:]+$/.exec(key);
  return match ? Number(match[1]) : undefined;
}
