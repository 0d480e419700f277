import { Injectable } from '@nestjs/common';
import { ItemVariationRecord, ItemVariationView, itemVariationView } from '@app/domain';
import { Actor, can } from '../../auth/actor';
import { VariationLookups } from './variation-lookups';

/** A variation as the API answers it: the domain's view and its stream revision (the ETag). */
export type VariationJson = ItemVariationView & { revision: number };

/**
 * Variations rendered for a caller: current attribute labels, location and zone names, the rows'
 * document balances, totals over the rows the caller may see (a location-restricted user's, or a
 * list's location filter), the cost override only with `unit_cost.view`.
 */
@Injectable()
export class VariationViews {
  constructor(private readonly lookups: VariationLookups) {}

  async render(
    actor: Actor,
    variations: readonly { record: ItemVariationRecord; revision: number }[],
    options: { withLocations: boolean; onlyLocation?: string },
  ): Promise<VariationJson[]> {
    const found = await this.lookups.forViews(
      actor.accountId,
      variations.map((v) => v.record),
    );
    const onlyLocation = actor.locationId ?? options.onlyLocation;
    return variations.map(({ record, revision }) => ({
      ...itemVariationView(record, {
        ...found,
        balances: found.balances.get(record.id) ?? new Map(),
        onlyLocation,
        showCost: can(actor, 'unit_cost.view'),
        withLocations: options.withLocations,
      }),
      revision,
    }));
  }

  async one(actor: Actor, record: ItemVariationRecord, revision: number): Promise<VariationJson> {
    return (await this.render(actor, [{ record, revision }], { withLocations: true }))[0];
  }
}
