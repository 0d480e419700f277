import { ABSENT, updateLive, withChanges } from '../shared/record-state';
import { ItemEvent } from './events';
import { ItemState } from './state';

export const initialItemState: ItemState = ABSENT;

export function evolveItem(state: ItemState, event: ItemEvent): ItemState {
  switch (event.type) {
    case 'ItemCreated': {
      const { created_at } = event.data;
      return {
        status: 'live',
        record: {
          ...event.data,
          archived: false,
          on_hand: {},
          purchase_date: null,
          sold_date: null,
          invoice_id: null,
          updated_at: created_at,
        },
      };
    }
    case 'ItemUpdated':
      return withChanges(state, event.data);
    case 'ItemArchived':
      return updateLive(state, (item) => ({
        ...item,
        archived: true,
        status_id: event.data.status_id,
        updated_at: event.data.archived_at,
      }));
    case 'ItemRestored':
      return updateLive(state, (item) => ({
        ...item,
        archived: false,
        status_id: event.data.status_id,
        updated_at: event.data.restored_at,
      }));
    case 'StockAdjusted': {
      // Stock is not an edit of the record: updated_at stays.
      const { location_id, variation_id, on_hand_after, movement } = event.data;
      if (variation_id !== null || location_id === null) return state;
      return updateLive(state, (item) => ({
        ...item,
        on_hand: { ...item.on_hand, [location_id]: on_hand_after },
        ...(movement === undefined ? {} : { movements: withMovement(item.movements, movement) }),
      }));
    }
    case 'ItemUnitInvoiced': {
      // A sale is not an edit of the record: updated_at stays.
      const { invoice_id, status_id, sold_date } = event.data;
      return updateLive(state, (item) => ({ ...item, invoice_id, status_id, sold_date }));
    }
    case 'ItemUnitReleased':
      return updateLive(state, (item) => ({
        ...item,
        invoice_id: null,
        status_id: event.data.status_id,
        sold_date: null,
      }));
    default:
      return state;
  }
}

/** The movement keys with one more (recorded once). */
export function withMovement(movements: readonly string[] | undefined, key: string): string[] {
  const known = movements ?? [];
  return known.includes(key) ? [...known] : [...known, key];
}
