import {
  decideStockTransfer,
  initialItemState,
  initialStockTransferState,
  isDomainError,
  MoveTransferStock,
  StockTransferCommand,
  StockTransferContext,
  StockTransferEvent,
} from '@app/domain';
import { evolveStockTransfer } from '@app/domain/stock-transfer/evolve';
import { evolveItem } from '@app/domain/item/evolve';
import { ACCOUNT_ID, LATER, NOW, USER_ID } from '@app/domain/testing/fixtures';
import { stateAfter } from '@app/domain/testing/scenario';
import { EventStore } from '@app/event-store';
import { runReactorStep, stepEventId } from '@app/read-models';
import { decideOwnerMovement } from './owner-movement';
import { transferMovementRepairReactor } from './transfer-movement-repair-reactor';
import { itemStocked, SHOP, WAREHOUSE } from '../testing/items';
import { eventsOf, given, storeFor, STORES, trigger } from '../testing/process-spec';
import { expectAuditedUntilStepRuns, expectStepAppendsNothing } from '../testing/step-expectations';

const ITEM_ID = '1e000000-0000-4000-8000-0000000000a1';
const TRANSFER_ID = '57000000-0000-4000-8000-000000000001';
const ITEM_STREAM = `item-${ITEM_ID}`;
const TRANSFER_STREAM = `stockTransfer-${TRANSFER_ID}`;
/** The send step's key, decided on the transfer's revision 0 (its creation). */
const KEY = `${TRANSFER_ID}:send@0:attempt-1`;

/** The account as the transfer's decisions see it: the item and both locations. */
const CONTEXT: StockTransferContext = {
  now: NOW,
  accountId: ACCOUNT_ID,
  userId: USER_ID,
  today: '2030-01-15',
  activeLocations: new Set([WAREHOUSE, SHOP]),
  items: new Map([
    [
      ITEM_ID,
      {
        id: ITEM_ID,
        name: 'Widget',
        description: null,
        inventory_type: 'quantity',
        unit_id: null,
        has_variations: false,
        location_id: null,
      },
    ],
  ]),
  rows: new Map(),
  newLineId: () => 'line-1',
};

/** A transfer's events as its decider makes them: created pending (2 of the item, warehouse to shop), then `later`. */
function transferEvents(...later: StockTransferCommand[]) {
  const input = {
    origin_location_id: WAREHOUSE,
    destination_location_id: SHOP,
    lines: [{ item_id: ITEM_ID, quantity: 2 }],
  };
  const create: StockTransferCommand = {
    type: 'CreateStockTransfer',
    id: TRANSFER_ID,
    stock_transfer_number: 1,
    input,
  };
  return [create, ...later].reduce((events: StockTransferEvent[], command) => {
    const decided = decideStockTransfer(command, stateAfter(TRANSFER, events), CONTEXT);
    if (isDomainError(decided)) throw decided;
    return [...events, ...decided];
  }, []);
}

const TRANSFER = { initialState: initialStockTransferState, evolve: evolveStockTransfer };

/** The item's 5 in the warehouse, and the send step's movement of 2 out of it (its key `key`). */
function movedOut(key = KEY) {
  const item = itemStocked(ITEM_ID, 'quantity', '5');
  const command: MoveTransferStock = {
    type: 'MoveTransferStock',
    stock_transfer_id: TRANSFER_ID,
    key,
    changes: [{ location_id: WAREHOUSE, quantity: '-2', param: 'lines.0.quantity' }],
  };
  const state = stateAfter({ initialState: initialItemState, evolve: evolveItem }, item);
  const movement = decideOwnerMovement({ kind: 'item' }, state, command, {
    accountId: ACCOUNT_ID,
    now: LATER,
    invoiced: {},
  });
  if (isDomainError(movement)) throw movement;
  return [...item, ...movement];
}

/**
 * A log of the older two-phase path: the transfer created, the item's movement for its send step
 * appended, and the process stopped before the transfer's own event.
 */
async function movementInLog(store: EventStore) {
  await given(store, TRANSFER_STREAM, transferEvents());
  return trigger(store, ITEM_STREAM, movedOut());
}

/** The repair, with no time to wait: the movement is older than its grace period. */
const repair = transferMovementRepairReactor(0);

describe.each(STORES)(
  'transfer movement repair (an abandoned StockAdjusted → voided, given back) on %s',
  (kind) => {
    const storeOf = storeFor(kind);

    it("closes the abandoned step on the transfer, then gives the movement back on the item's stream", async () => {
      // given a movement whose transfer step never landed
      const store = storeOf();
      const movement = await movementInLog(store);

      // when the repair step runs
      await runReactorStep(repair, movement, store);

      // then the transfer voided the step, and the item has its 5 again, under the give-back key
      expect((await eventsOf(store, TRANSFER_STREAM)).at(-1)).toMatchObject({
        id: stepEventId(movement.id, 'void', 0),
        type: 'StockTransferMovementVoided',
        data: { stock_transfer_id: TRANSFER_ID, movement: KEY, voided_at: movement.recordedAt.toISOString() },
      });
      expect((await eventsOf(store, ITEM_STREAM)).at(-1)).toMatchObject({
        id: stepEventId(movement.id, 'give-back', 0),
        type: 'StockAdjusted',
        data: { location_id: WAREHOUSE, quantity: '2', on_hand_after: '5', movement: `${KEY}:undo` },
      });
    });

    it('appends nothing when the step landed (the transfer recorded its key)', async () => {
      // given a movement whose transfer's event carries its key
      const store = storeOf();
      const movement = await movementInLog(store);
      await given(store, TRANSFER_STREAM, [
        { type: 'StockTransferSent', data: { sent_at: LATER, status_id: 2, movement: KEY } },
      ]);

      // when the repair step runs, then nothing changed
      await expectStepAppendsNothing(repair, movement, store);
    });

    it('changes nothing when the step runs again', async () => {
      // given a repair carried out
      const store = storeOf();
      const movement = await movementInLog(store);
      await runReactorStep(repair, movement, store);

      // when it runs again, then the step is voided and the movement given back once
      await expectStepAppendsNothing(repair, movement, store);
    });

    it('is audited: an abandoned movement is one finding, none once repaired', async () => {
      // given a movement whose step neither landed nor was voided, past the grace period
      const store = storeOf();
      const movement = await movementInLog(store);

      expect(movement.streamId).toBe(ITEM_STREAM);

      // then the audit names the movement's process, stream and transfer, until the repair runs
      await expectAuditedUntilStepRuns(repair, movement, store, {
        process: 'stock_transfer_movement',
        missing: expect.stringContaining(`movement ${KEY} on ${ITEM_STREAM}: stock transfer ${TRANSFER_ID}`),
      });
    });
  },
);
