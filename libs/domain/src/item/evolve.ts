import { ABSENT, changeLive, createdRecord, updateLive, withChanges } from '../shared/record-state';
import { ItemEvent } from './events';
import { ItemState } from './state';
import { appended } from '../shared/appended';
import { evolver } from '../shared/evolver';

export const initialItemState: ItemState = ABSENT;

export const evolveItem = evolver<ItemState, ItemEvent>({
  ItemCreated: (_, data) =>
    createdRecord({
      ...data,
      archived: false,
      on_hand: {},
      purchase_date: null,
      sold_date: null,
      invoice_id: null,
    }),
  ItemUpdated: withChanges,
  ItemArchived: (state, data) =>
    changeLive(state, data.archived_at, (item) => ({ ...item, archived: true, status_id: data.status_id })),
  ItemRestored: (state, data) =>
    changeLive(state, data.restored_at, (item) => ({ ...item, archived: false, status_id: data.status_id })),
  // Stock is not an edit of the record: updated_at stays.
  StockAdjusted: (state, { location_id, variation_id, on_hand_after, movement }) => {
    if (variation_id !== null || location_id === null) return state;
    return updateLive(state, (item) => ({
      ...item,
      on_hand: { ...item.on_hand, [location_id]: on_hand_after },
      ...(movement === undefined ? {} : { movements: withMovement(item.movements, movement) }),
    }));
  },
  // A sale is not an edit of the record: updated_at stays.
  ItemUnitInvoiced: (state, { invoice_id, status_id, sold_date }) =>
    updateLive(state, (item) => ({ ...item, invoice_id, status_id, sold_date })),
  ItemUnitReleased: (state, { status_id }) =>
    updateLive(state, (item) => ({ ...item, invoice_id: null, status_id, sold_date: null })),
});

/** The movement keys with one more (recorded once). */
export function withMovement(movements: readonly string[] | undefined, key: string): string[] {
  const known = movements ?? [];
  return known.includes(key) ? [...known] : appended(known, key);
}
