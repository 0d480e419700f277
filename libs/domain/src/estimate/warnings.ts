import Decimal from 'decimal.js';
import { EstimateRecord } from './state';

/** Something a preview points out that does not stop the estimate from being saved. */
export type EstimateWarning = { code: string; param: string; message: string };

/**
 * A preview's warnings: an expiry date already past in the account's time zone, and (for users
 * who may see costs) inventory lines priced below their unit cost.
 */
export function estimateWarnings(
  estimate: EstimateRecord,
  { today, showCost }: { today: string; showCost: boolean },
): EstimateWarning[] {
  const warnings: EstimateWarning[] = [];
  if (estimate.expiry_date < today)
    warnings.push({
      code: 'expiry_date_passed',
      param: 'expiry_date',
      message: 'The estimate has already expired.',
    });
  if (!showCost) return warnings;
  estimate.lines.forEach((line, index) => {
    if (
      line.line_type === 'inventory' &&
      line.unit_cost !== null &&
      new Decimal(line.unit_price).lessThan(line.unit_cost)
    )
      warnings.push({
        code: 'price_below_cost',
        param: `lines.${index}.unit_price`,
        message: `The unit price ${line.unit_price} is below the unit cost ${line.unit_cost}.`,
      });
  });
  return warnings;
}
