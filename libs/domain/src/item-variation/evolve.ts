import {
  ABSENT,
  changeLive,
  createdRecord,
  markDeleted,
  updateLive,
  withChanges,
} from '../shared/record-state';
import { withMovement } from '../item/evolve';
import { ItemVariationEvent } from './events';
import { ItemVariationState, VariationRow } from './state';
import { evolver } from '../shared/evolver';

export const initialItemVariationState: ItemVariationState = ABSENT;

export const evolveItemVariation = evolver<ItemVariationState, ItemVariationEvent>({
  ItemVariationCreated: (_, { variation_type: _type, locations, ...data }) =>
    createdRecord({ ...data, locations: locations.map((row) => ({ ...row, on_hand: '0' })) }),
  ItemVariationUpdated: withChanges,
  ItemVariationLocationAdded: (state, { item_id: _item, added_at, ...row }) =>
    changeLive(state, added_at, (v) => ({ ...v, locations: [...v.locations, { ...row, on_hand: '0' }] })),
  ItemVariationLocationUpdated: (state, { location_id, changes, updated_at }) =>
    changeRow(state, location_id, updated_at, (row) => ({ ...row, ...changes })),
  ItemVariationLocationRemoved: (state, { location_id, removed_at }) =>
    changeLive(state, removed_at, (v) => ({
      ...v,
      locations: v.locations.filter((row) => row.location_id !== location_id),
    })),
  StockAdjusted: (state, { location_id, on_hand_after, adjusted_at, movement }) => {
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
  },
  ItemVariationDeleted: markDeleted,
});

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
