import {
  decideItem,
  initialItemState,
  InventoryType,
  ItemContext,
  ItemEvent,
  isDomainError,
  NO_REFERENCES,
} from '@app/domain';
import { stateAfter } from '@app/domain/testing/scenario';
import { ACCOUNT_ID, NOW } from '@app/domain/testing/fixtures';
import { evolveItem } from '@app/domain/item/evolve';

export const CATEGORY = 'ca700000-0000-4000-8000-000000000001';
export const WAREHOUSE = '10c00000-0000-4000-8000-000000000001';
export const SHOP = '10c00000-0000-4000-8000-000000000002';

/** The account's one category of each inventory type, and its two locations. */
function itemContext(inventoryType: InventoryType): ItemContext {
  return {
    now: NOW,
    accountId: ACCOUNT_ID,
    mayViewCost: true,
    references: {
      ...NO_REFERENCES,
      categories: { [CATEGORY]: { inventory_type: inventoryType, custom_field_ids: [] } },
      locations: [WAREHOUSE, SHOP],
    },
  };
}

const folding = { initialState: initialItemState, evolve: evolveItem };

/** An item created by the item decider, then `onHand` adjusted in at the warehouse: its stream's events. */
export function itemStocked(id: string, inventoryType: InventoryType, onHand: string): ItemEvent[] {
  const context = itemContext(inventoryType);
  const input = { name: `Item ${id.slice(-2)}`, inventory_type: inventoryType, category_id: CATEGORY };
  const created = decide({ type: 'CreateItem', id, item_number: 1, input }, [], context);
  const adjustment = {
    type: 'AdjustItemStock' as const,
    input: { location_id: WAREHOUSE, quantity: onHand },
  };
  return [...created, ...decide(adjustment, created, context)];
}

function decide(command: Parameters<typeof decideItem>[0], given: ItemEvent[], context: ItemContext) {
  const decided = decideItem(command, stateAfter(folding, given), context);
  if (isDomainError(decided)) throw decided;
  return decided;
}
