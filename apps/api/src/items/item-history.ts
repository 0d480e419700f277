import { itemAggregate, ItemEvent, ItemRecord, streamExtras } from '@app/domain';
import { JsonObject } from '@app/event-store';
import { Actor } from '../auth/actor';
import { HistoryDeclaration, hideUnless } from '../history';
import { itemJson } from './item-json';

/**
 * The event history of items (EXTENSIONS.md §8). The past view is the item's own stream (its
 * fields and its own stock); the retrieve completes it with what other records say now.
 */
export const itemHistory: HistoryDeclaration<ItemRecord, ItemEvent> = {
  path: 'items',
  aggregate: itemAggregate,
  scopes: ['items:read'],
  visible: (record, actor) => record.account_id === actor.accountId && seenFrom(record, actor),
  view: (record, revision) => itemJson(record, streamExtras(record), revision, true),
  redact: (data, actor) => hideVariationCosts(hideItemCost(data, actor), actor),
};

const hideItemCost = hideUnless('unit_cost.view', ['cost']);
const hideVariationCost = hideUnless('unit_cost.view', ['unit_cost_override']);

/** FirstVariationDecided holds the variation's events: their costs are hidden as in its own history. */
function hideVariationCosts(data: JsonObject, actor: Actor): JsonObject {
  if (!Array.isArray(data.variation_events)) return data;
  const variation_events = (data.variation_events as JsonObject[]).map((event) => ({
    ...event,
    data: hideVariationCost(event.data as JsonObject, actor),
  }));
  return { ...data, variation_events };
}

/** A location-restricted user's sight of an item, as far as the item's stream tells. */
function seenFrom(record: ItemRecord, { locationId }: Actor): boolean {
  return (
    !locationId ||
    record.location_id === null ||
    record.location_id === locationId ||
    record.on_hand[locationId] !== undefined
  );
}
