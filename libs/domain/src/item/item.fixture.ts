import { ACCOUNT_ID, LATER, RECORD_ID } from '../testing/fixtures';
import { scenario } from '../testing/scenario';
import { decideItem } from './decide';
import { ItemEvent, StockAdjusted } from './events';
import { evolveItem, initialItemState } from './evolve';

/** What the item specs share: the scenario of item RECORD_ID, a location, and events they arrange. */

export const folding = { initialState: initialItemState, evolve: evolveItem };
export const item = scenario(folding, decideItem);

export const STORE = '10000000-0000-4000-8000-000000000001';

/** Stock of the item (no variation) adjusted by hand at `location` at LATER, `after` then on hand there. */
export const stockAdjusted = (location: string, quantity: string, after: string): StockAdjusted => ({
  type: 'StockAdjusted',
  data: {
    account_id: ACCOUNT_ID,
    item_id: RECORD_ID,
    variation_id: null,
    item_variation_location_id: null,
    location_id: location,
    quantity,
    on_hand_after: after,
    reason: null,
    adjusted_at: LATER,
  },
});

export const archived: ItemEvent = { type: 'ItemArchived', data: { status_id: 13, archived_at: LATER } };
