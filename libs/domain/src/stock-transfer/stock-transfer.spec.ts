import { Decision } from '../shared/decision';
import { DomainError, isDomainError } from '../shared/domain-error';
import { decideItem } from '../item/decide';
import { evolveItem, initialItemState } from '../item/evolve';
import { ItemContext, NO_REFERENCES } from '../item/context';
import { ItemEvent } from '../item/events';
import { ItemState } from '../item/state';
import { decideStockTransfer } from './decide';
import { StockTransferContext } from './context';
import { StockTransferEvent } from './events';
import { transferMovements } from './movements';
import { evolveStockTransfer, initialStockTransferState } from './evolve';
import { StockTransferState } from './state';

const ACCOUNT = '00000000-0000-4000-8000-0000000000a1';
const USER = '00000000-0000-4000-8000-0000000000b1';
const ID = '00000000-0000-4000-8000-0000000000c1';
const STORE = '00000000-0000-4000-8000-0000000000d1';
const DEPOT = '00000000-0000-4000-8000-0000000000d2';
const SHOVEL = '00000000-0000-4000-8000-0000000000e1';
const SHIRT = '00000000-0000-4000-8000-0000000000e2';
const RAKE = '00000000-0000-4000-8000-0000000000e3';
const SHIRT_RED = '00000000-0000-4000-8000-0000000000f1';
const NOW = '2030-05-01T10:00:00.000Z';
const TODAY = '2030-05-01';

/** The red shirt's variation row `row` at `location`: row 11 at STORE, 12 at DEPOT. */
const redShirtRow = (row: number, location: string) => ({
  item_variation_location_id: row,
  item_id: SHIRT,
  variation_id: SHIRT_RED,
  location_id: location,
  values: { Color: 'Red' },
  rows: { [STORE]: 11, [DEPOT]: 12 },
});

let lineCount = 0;
const context: StockTransferContext = {
  now: NOW,
  accountId: ACCOUNT,
  userId: USER,
  today: TODAY,
  activeLocations: new Set([STORE, DEPOT]),
  items: new Map([
    [
      SHOVEL,
      {
        id: SHOVEL,
        name: 'Shovel',
        description: 'Steel',
        inventory_type: 'quantity',
        unit_id: null,
        has_variations: false,
        location_id: STORE,
      },
    ],
    [
      RAKE,
      {
        id: RAKE,
        name: 'Rake',
        description: null,
        inventory_type: 'quantity',
        unit_id: null,
        has_variations: false,
        location_id: null,
      },
    ],
    [
      SHIRT,
      {
        id: SHIRT,
        name: 'Shirt',
        description: null,
        inventory_type: 'quantity',
        unit_id: 3,
        has_variations: true,
        location_id: null,
      },
    ],
  ]),
  rows: new Map([
    [11, redShirtRow(11, STORE)],
    [12, redShirtRow(12, DEPOT)],
  ]),
  newLineId: () => `line-${++lineCount}`,
};

function given(events: StockTransferEvent[]): StockTransferState {
  return events.reduce(evolveStockTransfer, initialStockTransferState);
}
function events(decision: Decision<StockTransferEvent>): StockTransferEvent[] {
  if (isDomainError(decision)) throw new Error(`refused: ${decision.code} ${decision.param}`);
  return decision;
}
function refusal(decision: Decision<unknown>): Pick<DomainError, 'status' | 'code' | 'param'> {
  if (!isDomainError(decision)) throw new Error('expected a refusal');
  return { status: decision.status, code: decision.code, param: decision.param };
}

const LINES = [
  { item_id: SHOVEL, quantity: 2 },
  { item_id: SHIRT, item_variation_location_id: 11, quantity: '1.5' },
];
const created = () =>
  events(
    decideStockTransfer(
      {
        type: 'CreateStockTransfer',
        id: ID,
        stock_transfer_number: 7,
        input: { origin_location_id: STORE, destination_location_id: DEPOT, lines: LINES },
      },
      given([]),
      context,
    ),
  );

describe('StockTransfer', () => {
  it('given nothing, when created, then a pending numbered transfer with lines copied from the items', () => {
    const [event] = created();
    expect(event).toMatchObject({
      type: 'StockTransferCreated',
      data: {
        id: ID,
        stock_transfer_number: 7,
        assigned_user_id: USER,
        status_id: 26,
        issue_date: TODAY,
        origin_location_id: STORE,
        destination_location_id: DEPOT,
        lines: [
          { item_id: SHOVEL, name: 'Shovel', description: 'Steel', quantity: '2', variation_id: null },
          {
            item_id: SHIRT,
            variation_id: SHIRT_RED,
            item_variation_location_id: 11,
            destination_item_variation_location_id: 12,
            variation: 'Red',
            variation_values: { Color: 'Red' },
            quantity: '1.5',
            unit_id: 3,
          },
        ],
      },
    });
  });

  it.each([
    [{ origin_location_id: STORE, destination_location_id: STORE, lines: LINES }, 'destination_location_id'],
    [{ origin_location_id: 'nowhere', destination_location_id: DEPOT, lines: LINES }, 'origin_location_id'],
    [{ origin_location_id: STORE, destination_location_id: DEPOT, lines: [] }, 'lines'],
    [
      { origin_location_id: STORE, destination_location_id: DEPOT, lines: [{ item_id: SHIRT, quantity: 1 }] },
      'lines.0.item_variation_location_id',
    ],
    [
      {
        origin_location_id: STORE,
        destination_location_id: DEPOT,
        lines: [{ item_id: SHIRT, item_variation_location_id: 12, quantity: 1 }],
      },
      'lines.0.item_variation_location_id',
    ],
    [
      {
        origin_location_id: STORE,
        destination_location_id: DEPOT,
        lines: [{ item_id: SHOVEL, quantity: -1 }],
      },
      'lines.0.quantity',
    ],
    [
      {
        origin_location_id: DEPOT,
        destination_location_id: STORE,
        lines: [
          { item_id: RAKE, quantity: 1 },
          { item_id: SHOVEL, quantity: 1 },
        ],
      },
      'lines.1.item_id',
    ],
  ])('given nothing, when created with bad input (case %#), then 422 naming %s', (input, param) => {
    const decision = decideStockTransfer(
      { type: 'CreateStockTransfer', id: ID, stock_transfer_number: 1, input },
      given([]),
      context,
    );
    expect(refusal(decision)).toEqual({ status: 422, code: 'validation_failed', param });
  });

  it('given a pending transfer whose item then moved, when a PATCH keeps its line, then accepted; a new line of it, 422', () => {
    const state = given(created());
    if (state.status !== 'live') throw new Error('not live');
    const [shovelLine, shirtLine] = state.record.lines;
    const shovel = { ...context.items.get(SHOVEL)!, location_id: DEPOT };
    const moved = { ...context, items: new Map([...context.items, [SHOVEL, shovel]]) };
    const kept = [{ id: shovelLine.id, quantity: 3 }, { id: shirtLine.id }];
    expect(
      events(decideStockTransfer({ type: 'UpdateStockTransfer', input: { lines: kept } }, state, moved)),
    ).toMatchObject([
      { type: 'StockTransferUpdated', data: { lines: [{ item_id: SHOVEL, quantity: '3' }, {}] } },
    ]);
    const added = [...kept, { item_id: SHOVEL, quantity: 1 }];
    expect(
      refusal(decideStockTransfer({ type: 'UpdateStockTransfer', input: { lines: added } }, state, moved)),
    ).toEqual({ status: 422, code: 'validation_failed', param: 'lines.2.item_id' });
  });

  it('given a pending transfer, when sent, then in transit with its lines; sent again, 409', () => {
    const state = given(created());
    const sent = events(decideStockTransfer({ type: 'SendStockTransfer', input: {} }, state, context));
    expect(sent[0]).toMatchObject({
      type: 'StockTransferSent',
      data: { status_id: 27, date_sent: TODAY, destination_location_id: DEPOT },
    });
    const after = given([...created(), ...sent]);
    expect(refusal(decideStockTransfer({ type: 'SendStockTransfer', input: {} }, after, context)).code).toBe(
      'stock_transfer_send_not_allowed',
    );
    expect(
      refusal(decideStockTransfer({ type: 'ReceiveStockTransfer', input: {} }, state, context)).code,
    ).toBe('stock_transfer_receive_not_allowed');
  });

  it('given a transferred transfer, when updated, then 409; when deleted, then deleted', () => {
    const history = [...created()];
    history.push(
      ...events(decideStockTransfer({ type: 'SendStockTransfer', input: {} }, given(history), context)),
    );
    history.push(
      ...events(decideStockTransfer({ type: 'ReceiveStockTransfer', input: {} }, given(history), context)),
    );
    const state = given(history);
    expect(
      refusal(
        decideStockTransfer(
          { type: 'UpdateStockTransfer', input: { shipping_provider: 'x' } },
          state,
          context,
        ),
      ).code,
    ).toBe('stock_transfer_update_not_allowed');
    expect(events(decideStockTransfer({ type: 'DeleteStockTransfer' }, state, context))).toEqual([
      { type: 'StockTransferDeleted', data: { status_id: 28, deleted_at: NOW } },
    ]);
  });

  it('given a transfer, when a fixed field is patched, then 422 naming it', () => {
    for (const field of ['origin_location_id', 'status_id', 'date_sent', 'assigned_user_id'])
      expect(
        refusal(
          decideStockTransfer(
            { type: 'UpdateStockTransfer', input: { [field]: 1 } },
            given(created()),
            context,
          ),
        ),
      ).toMatchObject({
        status: 422,
        param: field,
      });
  });

  describe('movements on the stock-owning streams', () => {
    const record = () => {
      const state = given(created());
      if (state.status !== 'live') throw new Error('not live');
      return state.record;
    };

    it('a send takes every line off the origin, one entry per owner in stream order', () => {
      const sent = events(
        decideStockTransfer({ type: 'SendStockTransfer', input: {} }, given(created()), context),
      );
      expect(transferMovements(record(), sent)).toEqual([
        {
          owner: { kind: 'item', id: SHOVEL },
          changes: [{ location_id: STORE, quantity: '-2', param: 'lines.0.quantity' }],
          shortfall: 'insufficient_stock',
        },
        {
          owner: { kind: 'itemVariation', id: SHIRT_RED, item_id: SHIRT },
          changes: [{ location_id: STORE, quantity: '-1.5', param: 'lines.1.quantity' }],
          shortfall: 'insufficient_stock',
        },
      ]);
    });

    it('an in-transit edit moves the difference; a transferred delete gives up the destination first', () => {
      const history = [...created()];
      history.push(
        ...events(decideStockTransfer({ type: 'SendStockTransfer', input: {} }, given(history), context)),
      );
      const inTransit = given(history);
      if (inTransit.status !== 'live') throw new Error('not live');
      const lineId = inTransit.record.lines[0].id;
      const edit = events(
        decideStockTransfer(
          { type: 'UpdateStockTransfer', input: { lines: [{ id: lineId, quantity: 5 }] } },
          inTransit,
          context,
        ),
      );
      expect(transferMovements(inTransit.record, edit)).toEqual([
        {
          owner: { kind: 'item', id: SHOVEL },
          changes: [
            { location_id: STORE, quantity: '-5', param: 'lines.0.quantity' },
            { location_id: STORE, quantity: '2', param: 'lines.0.quantity' },
          ],
          shortfall: 'insufficient_stock',
        },
        {
          owner: { kind: 'itemVariation', id: SHIRT_RED, item_id: SHIRT },
          changes: [{ location_id: STORE, quantity: '1.5', param: 'lines.1.quantity' }],
          shortfall: 'insufficient_stock',
        },
      ]);
      history.push(
        ...events(decideStockTransfer({ type: 'ReceiveStockTransfer', input: {} }, inTransit, context)),
      );
      const done = given(history);
      if (done.status !== 'live') throw new Error('not live');
      const deleted = events(decideStockTransfer({ type: 'DeleteStockTransfer' }, done, context));
      expect(transferMovements(done.record, deleted)[0]).toEqual({
        owner: { kind: 'item', id: SHOVEL },
        changes: [
          { location_id: DEPOT, quantity: '-2', param: 'lines.0.quantity' },
          { location_id: STORE, quantity: '2', param: 'lines.0.quantity' },
        ],
        shortfall: 'stock_transfer_delete_not_allowed',
      });
    });
  });

  describe("the item's stream decides the stock rule", () => {
    const itemContext: ItemContext = {
      now: NOW,
      accountId: ACCOUNT,
      mayViewCost: false,
      references: NO_REFERENCES,
    };
    const itemWith = (onHand: string): ItemState => {
      const itemEvents: ItemEvent[] = [
        {
          type: 'ItemCreated',
          data: {
            id: SHOVEL,
            account_id: ACCOUNT,
            item_number: 1,
            status_id: 12,
            created_at: NOW,
            inventory_type: 'quantity',
          } as never,
        },
        {
          type: 'StockAdjusted',
          data: {
            account_id: ACCOUNT,
            item_id: SHOVEL,
            variation_id: null,
            item_variation_location_id: null,
            location_id: STORE,
            quantity: onHand,
            on_hand_after: onHand,
            reason: null,
            adjusted_at: NOW,
          },
        },
      ];
      return itemEvents.reduce(evolveItem, initialItemState);
    };
    const move = (quantity: string, key = 'k1') =>
      ({
        type: 'MoveTransferStock',
        stock_transfer_id: ID,
        key,
        changes: [{ location_id: STORE, quantity, param: 'lines.3.quantity' }],
      }) as const;

    it('given 2 on hand, when 2 leave, then the movement is recorded with on_hand_after 0', () => {
      const decided = decideItem(move('-2'), itemWith('2'), itemContext);
      expect(decided).toEqual([
        {
          type: 'StockAdjusted',
          data: expect.objectContaining({
            quantity: '-2',
            on_hand_after: '0',
            stock_transfer_id: ID,
            movement: 'k1',
          }),
        },
      ]);
    });

    it('given 2 on hand of which an invoice takes 1, when 2 leave, then 409 insufficient_stock naming the line', () => {
      const decided = decideItem(move('-2'), itemWith('2'), { ...itemContext, invoiced: { [STORE]: '1' } });
      expect(refusal(decided)).toEqual({
        status: 409,
        code: 'insufficient_stock',
        param: 'lines.3.quantity',
      });
    });

    it('given a movement already recorded, when it is decided again, then nothing', () => {
      const first = decideItem(move('-1'), itemWith('2'), itemContext) as ItemEvent[];
      const state = first.reduce(evolveItem, itemWith('2'));
      expect(decideItem(move('-1'), state, itemContext)).toEqual([]);
      // The loser of a race decides on the winner's result: the last unit cannot leave twice.
      expect(refusal(decideItem(move('-2', 'k2'), state, itemContext)).code).toBe('insufficient_stock');
    });

    it('given nothing on hand (an invoice took it below zero), when stock comes back, then it is allowed', () => {
      expect(
        isDomainError(decideItem(move('3'), itemWith('0'), { ...itemContext, invoiced: { [STORE]: '5' } })),
      ).toBe(false);
    });
  });
});
