import { Injectable } from '@nestjs/common';
import { ItemCommand, ItemContext, ItemRecord, ItemState, NO_REFERENCES } from '@app/domain';
import { Actor, can } from '../auth/actor';
import { ItemLookups, NamedReferences } from './item-lookups';

/**
 * The context of an item decision: the caller's account, location restriction and cost permission,
 * and what the command's fields name, looked up in the read models.
 */
@Injectable()
export class ItemContexts {
  constructor(private readonly lookups: ItemLookups) {}

  /** Enough to see an item (reads, archive, restore). */
  async sight(
    actor: Actor,
    state: ItemState,
    id: string,
    now = new Date().toISOString(),
  ): Promise<ItemContext> {
    const context: ItemContext = {
      now,
      accountId: actor.accountId,
      mayViewCost: can(actor, 'unit_cost.view'),
      references: NO_REFERENCES,
    };
    if (!actor.locationId) return context;
    context.restrictedTo = actor.locationId;
    if (state.status === 'live' && needsStockLookUp(state.record, actor.locationId))
      context.stockedAtRestrictedLocation = await this.lookups.stockedAt(id, actor.locationId);
    return context;
  }

  /** For `command` on the item `id` in `state`. */
  async of(actor: Actor, state: ItemState, id: string, command: ItemCommand): Promise<ItemContext> {
    const context = await this.sight(actor, state, id);
    const current = state.status === 'live' ? state.record : undefined;
    const named = namedBy(command, current, actor);
    if (named) context.references = await this.lookups.references(actor, named);
    if (needsVariationCount(command)) context.variationCount = await this.lookups.variationCount(id);
    if (command.type === 'AdjustItemStock') context.invoiced = await this.lookups.invoiced(id);
    return context;
  }
}

function needsStockLookUp(item: ItemRecord, here: string): boolean {
  return item.location_id !== null && item.location_id !== here && item.on_hand[here] === undefined;
}

function needsVariationCount(command: ItemCommand): boolean {
  return (
    command.type === 'AdjustItemStock' ||
    (command.type === 'UpdateItem' && command.input.variation_attribute_ids !== undefined)
  );
}

/** The records a command's fields name; the category in effect on an update (its custom fields). */
function namedBy(
  command: ItemCommand,
  current: ItemRecord | undefined,
  actor: Actor,
): NamedReferences | undefined {
  switch (command.type) {
    case 'CreateItem':
    case 'UpdateItem': {
      const { input } = command;
      return {
        categoryId: input.category_id ?? current?.category_id,
        locationIds: [input.location_id ?? (current ? undefined : actor.locationId)],
        zoneId: input.zone_id,
        supplierIds: input.supplier_ids,
        attributeIds: input.variation_attribute_ids,
      };
    }
    case 'AdjustItemStock':
      return { locationIds: [command.input.location_id] };
    default:
      return undefined;
  }
}
