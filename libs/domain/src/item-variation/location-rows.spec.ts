import { LATER } from '../testing/fixtures';
import { ItemVariationCommand } from './commands';
import { ItemVariationContext } from './context';
import { variationNumbersNeeded } from './decide';
import { ItemVariationEvent } from './events';
import {
  ATTRIBUTED_ITEM,
  CLOSED,
  context,
  COUNTER,
  existing,
  folding,
  ITEM_ID,
  SHELF,
  SHOP,
  stocked,
  WAREHOUSE,
} from './item-variation.fixture';
import { stateAfter } from '../testing/scenario';
import { CREATED } from './item-variation.fixture';

const NEW_LOCATION = '10c00000-0000-4000-8000-000000000009';
const OTHER_ZONE = '20e00000-0000-4000-8000-000000000009';
const LOCATIONS = [
  { id: WAREHOUSE, active: true, zone_ids: [SHELF] },
  { id: SHOP, active: true, zone_ids: [COUNTER] },
  { id: NEW_LOCATION, active: true, zone_ids: [OTHER_ZONE] },
  { id: CLOSED, active: false, zone_ids: [] },
];
const removedShop: ItemVariationEvent = {
  type: 'ItemVariationLocationRemoved',
  data: { item_id: ITEM_ID, item_variation_location_id: 2, location_id: SHOP, removed_at: LATER },
};
const add = (input: object, over: Partial<ItemVariationContext> = {}, ...history: ItemVariationEvent[]) =>
  existing(...history).when(
    { type: 'AddVariationLocation', input, item_variation_location_id: 7 },
    context({ locations: LOCATIONS, ...over }),
  );
const patch = (location_id: string, input: object, over: Partial<ItemVariationContext> = {}) =>
  existing().when(
    { type: 'UpdateVariationLocation', location_id, input },
    context({ locations: LOCATIONS, ...over }),
  );
const remove = (
  location_id: string,
  over: Partial<ItemVariationContext> = {},
  ...history: ItemVariationEvent[]
) => existing(...history).when({ type: 'RemoveVariationLocation', location_id }, context(over));

describe('Variation location rows', () => {
  describe('adding a location', () => {
    it('adds an active location with zero on hand, its number, no zone and threshold 0 by default', () => {
      expect(add({ location_id: NEW_LOCATION })).toEqual([
        {
          type: 'ItemVariationLocationAdded',
          data: {
            item_id: ITEM_ID,
            item_variation_location_id: 7,
            location_id: NEW_LOCATION,
            zone_id: null,
            threshold: 0,
            added_at: LATER,
          },
        },
      ]);
      expect(add({ location_id: NEW_LOCATION, zone_id: OTHER_ZONE, threshold: 2147483647 })).toMatchObject([
        { data: { zone_id: OTHER_ZONE, threshold: 2147483647 } },
      ]);
    });

    it('refuses a location the variation is already stocked at (409 variation_location_exists)', () => {
      expect(add({ location_id: SHOP })).toMatchObject({ status: 409, code: 'variation_location_exists' });
    });

    it('adds back a location whose row was removed', () => {
      expect(add({ location_id: SHOP }, {}, removedShop)).toHaveLength(1);
    });

    it.each([
      [{}, 'location_id'],
      [{ location_id: CLOSED }, 'location_id'],
      [{ location_id: 'somewhere' }, 'location_id'],
      [{ location_id: NEW_LOCATION, zone_id: SHELF }, 'zone_id'],
      [{ location_id: NEW_LOCATION, zone_id: 3 }, 'zone_id'],
      [{ location_id: NEW_LOCATION, threshold: -1 }, 'threshold'],
      [{ location_id: NEW_LOCATION, threshold: 2147483648 }, 'threshold'],
      [{ location_id: NEW_LOCATION, threshold: 1.5 }, 'threshold'],
    ])('refuses %p naming %s', (input, param) => {
      expect(add(input)).toMatchObject({ status: 422, param });
    });

    it('lets a location-restricted user add only its own location', () => {
      expect(add({ location_id: NEW_LOCATION }, { restrictedTo: SHOP })).toMatchObject({ status: 403 });
      expect(add({ location_id: SHOP }, { restrictedTo: SHOP }, removedShop)).toHaveLength(1);
    });

    it('needs one number, and only once valid', () => {
      const state = stateAfter(folding, [CREATED]);
      const command = (location_id: string): ItemVariationCommand => ({
        type: 'AddVariationLocation',
        input: { location_id },
        item_variation_location_id: 0,
      });
      expect(variationNumbersNeeded(command(NEW_LOCATION), state, context({ locations: LOCATIONS }))).toBe(1);
      expect(variationNumbersNeeded(command(SHOP), state, context({ locations: LOCATIONS }))).toMatchObject({
        status: 409,
      });
    });

    it('treats an archived item as read-only', () => {
      expect(
        add({ location_id: NEW_LOCATION }, { item: { ...ATTRIBUTED_ITEM, archived: true } }),
      ).toMatchObject({
        status: 409,
        code: 'item_archived',
      });
    });
  });

  describe('changing a row', () => {
    it('sets the threshold and a zone of the row’s location', () => {
      expect(patch(SHOP, { threshold: 5, zone_id: COUNTER })).toEqual([
        {
          type: 'ItemVariationLocationUpdated',
          data: {
            item_id: ITEM_ID,
            item_variation_location_id: 2,
            location_id: SHOP,
            changes: { threshold: 5, zone_id: COUNTER },
            updated_at: LATER,
          },
        },
      ]);
    });

    it('appends nothing when nothing changes; refuses an empty request', () => {
      expect(patch(SHOP, { threshold: 0, zone_id: null })).toEqual([]);
      expect(patch(SHOP, {})).toMatchObject({ status: 422, code: 'validation_failed' });
    });

    it.each([
      [{ zone_id: SHELF }, 'zone_id'],
      [{ threshold: '5' }, 'threshold'],
      [{ threshold: -3 }, 'threshold'],
    ])('refuses %p naming %s', (input, param) => {
      expect(patch(SHOP, input)).toMatchObject({ status: 422, param });
    });

    it('answers 404 for a location the variation is not stocked at, or outside a restricted user’s', () => {
      expect(patch(NEW_LOCATION, { threshold: 1 })).toMatchObject({ status: 404, code: 'resource_missing' });
      expect(patch(WAREHOUSE, { threshold: 1 }, { restrictedTo: SHOP })).toMatchObject({ status: 404 });
      expect(patch(SHOP, { threshold: 1 }, { restrictedTo: SHOP })).toHaveLength(1);
    });
  });

  describe('removing a row', () => {
    it('removes an empty, unused row', () => {
      expect(remove(SHOP)).toEqual([
        {
          type: 'ItemVariationLocationRemoved',
          data: { item_id: ITEM_ID, item_variation_location_id: 2, location_id: SHOP, removed_at: LATER },
        },
      ]);
    });

    it('refuses while the row has stock on hand, not after it went back to zero', () => {
      expect(remove(SHOP, {}, stocked(SHOP, '2'))).toMatchObject({
        status: 409,
        code: 'item_variation_location_delete_not_allowed',
      });
      expect(remove(SHOP, {}, stocked(SHOP, '2'), stocked(SHOP, '-2', '2'))).toHaveLength(1);
    });

    it('refuses while documents use the row or it has reserved, incoming or in-transit stock', () => {
      const conflictOf = { status: 409, code: 'item_variation_location_delete_not_allowed' };
      expect(remove(SHOP, { dependents: { documents: 1, open_balances: 0 } })).toMatchObject(conflictOf);
      expect(remove(SHOP, { dependents: { documents: 0, open_balances: 1 } })).toMatchObject(conflictOf);
    });

    it('refuses the last row: the variation is deleted instead', () => {
      expect(remove(WAREHOUSE, {}, removedShop)).toMatchObject({
        status: 409,
        code: 'item_variation_location_delete_not_allowed',
      });
    });

    it('answers 404 for a row already removed, or outside a restricted user’s location', () => {
      expect(remove(SHOP, {}, removedShop)).toMatchObject({ status: 404 });
      expect(remove(WAREHOUSE, { restrictedTo: SHOP })).toMatchObject({ status: 404 });
    });

    it('treats a removal without the dependents counted as a handler bug', () => {
      expect(() => remove(SHOP, { dependents: undefined })).toThrow(TypeError);
    });
  });
});
