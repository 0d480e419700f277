import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { dayIn, EstimateContext, EstimateInput, EstimateState } from '@app/domain';
import { Actor, can, onlyAssignedTo } from '../auth/actor';
import { EstimateLookups } from './estimate-lookups';

/** Who may see which estimates: the domain's visibility inputs for a caller. */
export function estimateSight(actor: Actor) {
  return {
    accountId: actor.accountId,
    userId: actor.userId,
    onlyOwnEstimates: !can(actor, 'estimates.view_all'),
  };
}

/**
 * The context of one estimate decision, looked up afresh before each (a retry after a concurrent
 * write decides again): the account's settings (read with the caller's key) and today, the customer the body names and the
 * estimate's own, and the items and variation locations its lines name.
 */
@Injectable()
export class EstimateContexts {
  constructor(private readonly lookups: EstimateLookups) {}

  async of(actor: Actor, state: EstimateState, input: EstimateInput, now: string): Promise<EstimateContext> {
    const lines = Array.isArray(input.lines) ? (input.lines as Record<string, unknown>[]) : [];
    const named = (key: string) =>
      lines.map((line) => (typeof line === 'object' && line !== null ? line[key] : undefined));
    // The estimate's own customer rates new lines: needed only when lines are given.
    const current = state.status === 'absent' || input.lines === undefined ? [] : [state.record.customer_id];
    const [customers, items, variations] = await Promise.all([
      this.lookups.customers(actor.accountId, [input.customer_id, ...current]),
      this.lookups.items(actor, named('item_id')),
      this.lookups.variations(actor, named('item_variation_location_id')),
    ]);
    return {
      now,
      ...estimateSight(actor),
      onlyCustomersAssignedTo: onlyAssignedTo(actor, 'account_records.view_all'),
      mayViewCosts: can(actor, 'unit_cost.view'),
      today: dayIn(actor.timezone, now),
      estimateExpiryDays: actor.settings.estimate_expiry_days,
      defaultPaymentTerms: actor.settings.default_payment_terms,
      customFieldIds: new Set(actor.settings.estimate_custom_fields.map((field) => field.id)),
      customers,
      lines: { items, variations, mayModifyPrices: can(actor, 'selling_prices.modify') },
      newLineId: randomUUID,
    };
  }
}
