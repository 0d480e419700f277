import { Injectable } from '@nestjs/common';
import {
  ItemRecord,
  ItemVariationCommand,
  ItemVariationContext,
  ItemVariationState,
  ParentItem,
} from '@app/domain';
import { Actor, can } from '../../auth/actor';
import { VariationLookups } from './variation-lookups';

/** The parent item as the variation rules see it. */
export function parentItemOf(item: ItemRecord): ParentItem {
  return {
    id: item.id,
    account_id: item.account_id,
    archived: item.archived,
    inventory_type: item.inventory_type,
    location_id: item.location_id,
    zone_id: item.zone_id,
    threshold: item.threshold,
    variation_attribute_ids: item.variation_attribute_ids ?? [],
    stock: Object.entries(item.on_hand).map(([location_id, on_hand]) => ({ location_id, on_hand })),
  };
}

/**
 * The context of a variation decision: the caller (account, location restriction, price and cost
 * permissions), the parent item, and what the command needs from the read models.
 */
@Injectable()
export class VariationContexts {
  constructor(private readonly lookups: VariationLookups) {}

  base(actor: Actor, item: ItemRecord, now = new Date().toISOString()): ItemVariationContext {
    return {
      now,
      accountId: actor.accountId,
      item: parentItemOf(item),
      restrictedTo: actor.locationId ?? undefined,
      canModifyPrices: can(actor, 'selling_prices.modify'),
      canViewCosts: can(actor, 'unit_cost.view'),
    };
  }

  async of(
    actor: Actor,
    item: ItemRecord,
    command: ItemVariationCommand,
    state: ItemVariationState,
    now?: string,
  ): Promise<ItemVariationContext> {
    const context = this.base(actor, item, now);
    const { accountId } = actor;
    const combination =
      command.type === 'CreateItemVariation' ||
      (command.type === 'UpdateItemVariation' && command.input.attributes !== undefined);
    if (combination) {
      [context.siblings, context.attributes] = await Promise.all([
        this.lookups.siblings(accountId, item.id),
        this.lookups.attributes(accountId),
      ]);
    }
    if (['CreateItemVariation', 'AddVariationLocation', 'UpdateVariationLocation'].includes(command.type))
      context.locations = (await this.lookups.locations(accountId)).options;
    if (state.status !== 'live') return context;
    if (command.type === 'AdjustVariationStock')
      context.invoiced = await this.lookups.rowInvoiced(state.record.id, command.location_id);
    if (command.type === 'DeleteItemVariation')
      context.dependents = await this.lookups.variationDependents(accountId, state.record.id);
    if (command.type === 'RemoveVariationLocation') {
      const row = state.record.locations.find((r) => r.location_id === command.location_id);
      if (row) context.dependents = await this.lookups.rowDependents(accountId, state.record.id, row);
    }
    return context;
  }
}
