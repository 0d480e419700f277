import { initialItemState, isDomainError, MoveTransferStock } from '@app/domain';
import { evolveItem } from '@app/domain/item/evolve';
import { ACCOUNT_ID, LATER } from '@app/domain/testing/fixtures';
import { stateAfter } from '@app/domain/testing/scenario';
import { decideOwnerMovement, ownerStream } from './owner-movement';
import { itemStocked, WAREHOUSE } from '../testing/items';

const ITEM_ID = '1e000000-0000-4000-8000-0000000000a1';

describe('owner movement', () => {
  it.each([
    ['item', 'item-s1'],
    ['itemVariation', 'itemVariation-s1'],
  ] as const)("keeps the stock of an %s on that record's stream", (kind, stream) => {
    expect(ownerStream({ kind, id: 's1' } as Parameters<typeof ownerStream>[0])).toBe(stream);
  });

  // given an item with 5 in the warehouse, when 2 are moved out while invoices take `invoiced` there
  it.each([
    ['0', '3'],
    ['3', '3'],
    ['4', 'insufficient_stock'],
  ])('with %s invoiced there, moving 2 out of 5 gives %s', (invoiced, outcome) => {
    const state = stateAfter(
      { initialState: initialItemState, evolve: evolveItem },
      itemStocked(ITEM_ID, 'quantity', '5'),
    );
    const command: MoveTransferStock = {
      type: 'MoveTransferStock',
      stock_transfer_id: 't1',
      key: 't1:send@0:a',
      changes: [{ location_id: WAREHOUSE, quantity: '-2', param: 'lines.0.quantity' }],
    };
    const decided = decideOwnerMovement({ kind: 'item' }, state, command, {
      accountId: ACCOUNT_ID,
      now: LATER,
      invoiced: { [WAREHOUSE]: invoiced },
    });
    expect(
      isDomainError(decided) ? decided.code : (decided[0].data as { on_hand_after: string }).on_hand_after,
    ).toBe(outcome);
  });
});
