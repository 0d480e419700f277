import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/runtime';
import { Actor } from '../auth/actor';

/** An adjustment sent to POST /items/{id}/adjustments naming a variation row. */
export interface VariationRowAdjustment {
  actor: Actor;
  itemId: string;
  itemVariationLocationId: number;
  /** As the client sent them: the variation's rules check them. */
  locationId: unknown;
  quantity: unknown;
  reason: unknown;
}

export type VariationRowAdjuster = (adjustment: VariationRowAdjustment) => Promise<void>;

/**
 * The item adjustment endpoint's way to a variation row's stock, which the variations module owns
 * (its rows are on `itemVariation-` streams): that module registers its adjuster at start.
 */
@Injectable()
export class VariationStock {
  private adjuster?: VariationRowAdjuster;

  register(adjuster: VariationRowAdjuster): void {
    this.adjuster = adjuster;
  }

  async adjust(adjustment: VariationRowAdjustment): Promise<void> {
    if (!this.adjuster)
      throw new ApiError(422, 'validation_failed', 'Variation rows cannot be adjusted here yet.', {
        param: 'item_variation_location_id',
      });
    await this.adjuster(adjustment);
  }
}
