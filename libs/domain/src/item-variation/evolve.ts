import { ABSENT, changeLive, createdRecord, markDeleted, updateLive } from '../shared/record-state';
import { withMovement } from '../item/evolve';
import { ItemVariationEvent } from './events';
import { ItemVariationState, VariationRow } from './state';

export const initialItemVariationState: ItemVariationState = ABSENT;

export function evolveItemVariation(
  state: ItemVariationState,
  event: ItemVariationEvent,
): ItemVariationState {
  switch (event.type) {
    case 'ItemVariationCreated': {
      const { variation_type: _type, locations, ...data } = event.data;
      const rows = locations.map((row) => ({ ...row, on_hand: '0' }));
      return createdRecord({ ...data, locations: rows });
    }
    case 'ItemVariationUpdated':
      return changeLive(state, event.data.updated_at, (v) => ({ ...v, ...event.data.changes }));
    case 'ItemVariationLocationAdded': {
      const { item_id: _item, added_at, ...row } = event.data;
      return changeLive(state, added_at, (v) => ({
        ...v,
        locations: [...v.locations, { ...row, on_hand: '0' }],
      }));
    }
    case 'ItemVariationLocationUpdated': {
      const { location_id, changes, updated_at } = event.data;
      return changeRow(state, location_id, updated_at, (row) => ({ ...row, ...changes }));
    }
    case 'ItemVariationLocationRemoved': {
      const { location_id, removed_at } = event.data;
      return changeLive(state, removed_at, (v) => ({
        ...v,
        locations: v.locations.filter((row) => row.location_id !== location_id),
      }));
    }
    case 'StockAdjusted': {
      const { location_id, on_hand_after, adjusted_at, movement } = event.data;
      // A transfer's movement is not an edit of the variation: updated_at stays.
      if (movement !== undefined)
        return updateLive(state, (v) => ({
          ...v,
          movements: withMovement(v.movements, movement),
          locations: v.locations.map((row) =>
            row.location_id === location_id ? { ...row, on_hand: on_hand_after } : row,
          ),
        }));
      return changeRow(state, location_id, adjusted_at, (row) => ({ ...row, on_hand: on_hand_after }));
    }
    case 'ItemVariationDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}

function changeRow(
  state: ItemVariationState,
  locationId: string,
  at: string,
  apply: (row: VariationRow) => VariationRow,
): ItemVariationState {
  return changeLive(state, at, (v) => ({
    ...v,
    locations: v.locations.map((row) => (row.location_id === locationId ? apply(row) : row)),
  }));
}
