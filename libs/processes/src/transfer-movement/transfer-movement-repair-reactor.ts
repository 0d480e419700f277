import { setTimeout as sleep } from 'node:timers/promises';
import {
  decidedRevisionOf,
  giveBackKey,
  isDomainError,
  isGiveBackKey,
  itemAggregate,
  itemVariationAggregate,
  MoveTransferStock,
  oppositeChanges,
  StockChange,
  stockTransferAggregate,
  StockOwner,
} from '@app/domain';
import { JsonObject, RecordedEvent, WrongExpectedVersionError } from '@app/event-store';
import { foldEvents, streamName } from '@app/event-store/aggregate';
import { defineReactor, Reactor, ReactorTools } from '@app/read-models';
import { decideOwnerMovement } from './owner-movement';

/** How long a movement's step may take to land before it counts as abandoned. */
export const MOVEMENT_GRACE_MS = 30_000;
const POLL_MS = 50;

/**
 * For old logs only. Transfer steps now append their movements and the transfer's event as one
 * atomic append (StockTransferWrites), so a new step cannot leave movements without its event; a
 * log written by the older two-phase path may still hold some, and they must fold the same.
 *
 * Repairs a transfer step whose process stopped between its movements on the stock-owning streams
 * and the transfer's own event (docs/inventory.md): for a movement whose key the transfer never
 * recorded, it first closes the step on the transfer (StockTransferMovementVoided, expecting the
 * revision the step was decided on, so a late request can no longer land it: it would give its
 * movements back and decide again), then gives the movement back on the owner's stream under the
 * key a request's own give-back uses (`<key>:undo`), so whichever runs first wins.
 *
 * A movement whose step may still be in flight is waited for, up to `graceMs` after it was
 * recorded (polling; the wait ends when the reactor stops).
 */
export function transferMovementRepairReactor(graceMs = MOVEMENT_GRACE_MS): Reactor {
  return defineReactor({
    name: 'stock_transfer_movement_repair',
    handles: ['StockAdjusted'],
    async react(event, tools) {
      const key = event.data.movement;
      const transferId = event.data.stock_transfer_id;
      if (typeof key !== 'string' || typeof transferId !== 'string' || isGiveBackKey(key)) return;
      const decidedAt = decidedRevisionOf(key);
      if (decidedAt === undefined) return;
      const transfer = streamName(stockTransferAggregate, transferId);
      const abandoned = await stepAbandoned(tools, event, { key, transferId, transfer, decidedAt, graceMs });
      if (abandoned) await giveBack(tools, event, key, transferId);
    },
  });
}

interface Step {
  key: string;
  transferId: string;
  transfer: string;
  decidedAt: number;
  graceMs: number;
}

/** True once the step can no longer land (closed here, or the transfer moved on without it). */
async function stepAbandoned(tools: ReactorTools, movement: RecordedEvent, step: Step): Promise<boolean> {
  for (;;) {
    const events = await tools.read(step.transfer); // short, unlike the owner's stream
    if (events.some((e) => e.data.movement === step.key)) return false; // the step landed
    if (await givenBack(tools, movement.streamId, step.key)) return false; // its request undid it
    const revision = events.at(-1)?.revision ?? -1;
    if (revision !== step.decidedAt) return true; // its expected revision is gone: it cannot land
    const due = movement.recordedAt.getTime() + step.graceMs - Date.now();
    if (due > 0) {
      await sleep(Math.min(due, POLL_MS), undefined, { signal: tools.signal });
      continue;
    }
    if (await voided(tools, movement, step)) return true;
  }
}

/** Closes the step on the transfer; false when the transfer moved meanwhile (look again). */
async function voided(tools: ReactorTools, movement: RecordedEvent, step: Step): Promise<boolean> {
  const data = {
    stock_transfer_id: step.transferId,
    movement: step.key,
    voided_at: movement.recordedAt.toISOString(),
  };
  try {
    await tools.append(step.transfer, 'void', [{ type: 'StockTransferMovementVoided', data }], {
      expectedRevision: step.decidedAt,
    });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
}

async function givenBack(tools: ReactorTools, ownerStream: string, key: string): Promise<boolean> {
  const undo = giveBackKey(key);
  return (await tools.read(ownerStream)).some((e) => e.data.movement === undo);
}

/**
 * The movement's changes on this owner's stream (every location the key moved there) given back
 * in one decision. Judged on the stream alone (no invoices' deductions): it restores what the
 * abandoned step took or added, and a give-back the stream refuses is left (logged by no one:
 * the known limit of give-backs, docs/inventory.md).
 */
async function giveBack(tools: ReactorTools, movement: RecordedEvent, key: string, transferId: string) {
  const owner = ownerOf(movement);
  const aggregate = owner.kind === 'item' ? itemAggregate : itemVariationAggregate;
  await tools.decideAndAppend(movement.streamId, 'give-back', (events) => {
    const changes = events.filter((e) => e.data.movement === key).map(changeOf);
    const command: MoveTransferStock = {
      type: 'MoveTransferStock',
      stock_transfer_id: transferId,
      key: giveBackKey(key),
      changes: oppositeChanges(changes),
    };
    const state = foldEvents(aggregate as typeof itemAggregate, events);
    const context = {
      accountId: movement.data.account_id as string,
      now: movement.recordedAt.toISOString(),
      invoiced: {},
    };
    const decided = decideOwnerMovement(owner, state, command, context);
    return isDomainError(decided) ? [] : (decided as { type: string; data: JsonObject }[]);
  });
}

function ownerOf(movement: RecordedEvent): Pick<StockOwner, 'kind'> {
  return { kind: movement.data.variation_id ? 'itemVariation' : 'item' };
}

function changeOf(event: RecordedEvent): StockChange {
  return {
    location_id: String(event.data.location_id),
    quantity: String(event.data.quantity),
    param: 'movement',
  };
}
