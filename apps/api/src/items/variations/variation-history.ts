import { ItemVariationRecord, itemVariationAggregate } from '@app/domain';
import { HistoryDeclaration, hideUnless } from '../../history';

/**
 * The event history of one item's variations (EXTENSIONS.md §8), under the visibility of
 * retrieve (the item was found visible first). The view is the bare record: the controller renders
 * it with today's labels and names.
 */
export function variationHistory(itemId: string): HistoryDeclaration<ItemVariationRecord> {
  return {
    path: `items/${itemId}/variations`,
    aggregate: itemVariationAggregate,
    scopes: ['items:read'],
    visible: (record, actor) => record.account_id === actor.accountId && record.item_id === itemId,
    view: (record, revision) => ({ record, revision }),
    // The field history compares the record itself; its cost is hidden by redact.
    compared: (record) => record,
    redact: hideUnless('unit_cost.view', ['unit_cost_override']),
  };
}
