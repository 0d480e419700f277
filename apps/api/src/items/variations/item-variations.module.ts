import { Module, OnModuleInit } from '@nestjs/common';
import { invalid, isIntegerId } from '@app/domain';
import { RecordsModule } from '../../records/records.module';
import { VariationRowAdjustment, VariationStock } from '../item-variation-stock';
import { ItemsModule } from '../items.module';
import { ItemAttributeReads, ItemAttributesController } from './item-attributes';
import { ItemVariationsController } from './item-variations.controller';
import { RowNumbers } from './row-numbers';
import { ChangeItemVariationHandler } from './variation-commands';
import { VariationContexts } from './variation-context';
import { VariationLocationsController } from './variation-locations.controller';
import { VariationLookups } from './variation-lookups';
import { VariationReads } from './variation-reads';
import { VariationChanges } from './variation-changes';
import { VariationViews } from './variation-views';
import { VariationWrites } from './variation-writes';

/**
 * Item variations (the ItemVariation aggregate) with their location rows and stock; the item's
 * attribute list. It takes the item adjustment endpoint's adjustments of variation rows.
 */
@Module({
  imports: [RecordsModule, ItemsModule],
  controllers: [ItemVariationsController, VariationLocationsController, ItemAttributesController],
  providers: [
    VariationLookups,
    VariationContexts,
    VariationViews,
    VariationChanges,
    VariationReads,
    VariationWrites,
    RowNumbers,
    ItemAttributeReads,
    ChangeItemVariationHandler,
  ],
  exports: [VariationViews],
})
export class ItemVariationsModule implements OnModuleInit {
  constructor(
    private readonly stock: VariationStock,
    private readonly lookups: VariationLookups,
    private readonly writes: VariationWrites,
  ) {}

  onModuleInit(): void {
    this.stock.register((adjustment) => this.adjustRow(adjustment));
  }

  /** POST /items/{id}/adjustments naming `item_variation_location_id`: that row's adjustment. */
  private async adjustRow({
    actor,
    itemId,
    itemVariationLocationId,
    locationId,
    quantity,
    reason,
  }: VariationRowAdjustment) {
    const row = isIntegerId(itemVariationLocationId)
      ? await this.lookups.rowByNumber(actor.accountId, itemId, itemVariationLocationId)
      : undefined;
    if (!row)
      throw invalid(
        'item_variation_location_id',
        'item_variation_location_id is not a variation row of this item.',
      );
    if (locationId !== undefined && locationId !== row.location_id)
      throw invalid('location_id', "location_id must be the variation row's location.");
    const command = {
      type: 'AdjustVariationStock' as const,
      location_id: row.location_id,
      input: { quantity, reason },
    };
    await this.writes.change(actor, itemId, row.variation_id, command);
  }
}
