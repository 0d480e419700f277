import { FirstVariationDecided, ItemUpdated } from '../item/events';
import { ItemFields } from '../item/fields';
import { itemStockChange } from '../item/stock-change';
import { changedFields, isEmpty } from '../shared/fields';
import { ParentItem } from './context';
import { MOVED_TO_FIRST_VARIATION, NewVariationPlan } from './create';
import { ItemVariationEvent } from './events';
import { plus } from './fields';

/**
 * A StockAdjusted on the item's stream taking out what the first variation's stream takes in (same
 * location, opposite sign), with where it went (an addition to the shared StockAdjusted fields).
 */
export type ItemStockMovedOut = {
  type: 'StockAdjusted';
  data: {
    account_id: string;
    item_id: string;
    variation_id: null;
    item_variation_location_id: null;
    location_id: string | null;
    quantity: string;
    on_hand_after: string;
    reason: string;
    moved_to_variation_id: string;
    adjusted_at: string;
  };
};

export type FirstVariationItemEvent = ItemStockMovedOut | ItemUpdated | FirstVariationDecided;

/**
 * The item's side of its first variation, appended to the item's stream with the revision the plan
 * was decided on, before the variation's stream is written: the item's own stock ends at zero (its
 * StockAdjusted history kept, its totals unchanged once the variation holds the stock); its assigned
 * attributes become the variation's; its threshold and zone, now the row's, are cleared.
 */
export function firstVariationItemEvents(
  plan: NewVariationPlan,
  item: ParentItem,
  variationId: string,
  now: string,
): FirstVariationItemEvent[] {
  const moves = plan.moves.map((move): ItemStockMovedOut => {
    const before = item.stock.find((s) => s.location_id === move.from_location_id)?.on_hand ?? move.quantity;
    return {
      type: 'StockAdjusted',
      data: {
        ...itemStockChange(
          item,
          move.from_location_id,
          negated(move.quantity),
          plus(before, negated(move.quantity)),
        ),
        reason: MOVED_TO_FIRST_VARIATION,
        moved_to_variation_id: variationId,
        adjusted_at: now,
      },
    };
  });
  const changes = settingsMovedOut(plan, item);
  return isEmpty(changes) ? moves : [...moves, { type: 'ItemUpdated', data: { changes, updated_at: now } }];
}

/**
 * The last of the item's events for its first variation: the variation's own events, decided with
 * them, recorded on the item's stream so that a reactor can write them if the request cannot.
 */
export function firstVariationDecided(
  item: ParentItem,
  variationId: string,
  variationEvents: ItemVariationEvent[],
  now: string,
): FirstVariationDecided {
  return {
    type: 'FirstVariationDecided',
    data: {
      account_id: item.account_id,
      item_id: item.id,
      variation_id: variationId,
      variation_events: variationEvents.map(({ type, data }) => ({ type, data })),
      decided_at: now,
    },
  };
}

function settingsMovedOut(plan: NewVariationPlan, item: ParentItem): Partial<ItemFields> {
  const home = item.location_id ?? plan.initial_location_id;
  const homeRow = plan.rows.some((row) => row.location_id === home);
  const wanted: Partial<ItemFields> = {
    variation_attribute_ids: plan.attributes.map((pair) => pair.attribute_id),
    ...(homeRow ? { threshold: 0, zone_id: null } : {}),
  };
  const current: Partial<ItemFields> = {
    variation_attribute_ids: [...item.variation_attribute_ids],
    threshold: item.threshold,
    zone_id: item.zone_id,
  };
  return changedFields(current, wanted);
}

function negated(quantity: string): string {
  return quantity.startsWith('-') ? quantity.slice(1) : `-${quantity}`;
}
