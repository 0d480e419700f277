import { VariationAttributeRecord, variationAttributeAggregate } from '@app/domain';
import { HistoryDeclaration } from '../history';
import { variationAttributeJson } from './variation-attribute-json';

/** The event history of variation attributes (EXTENSIONS.md §8): account-wide records. */
export const variationAttributeHistory: HistoryDeclaration<VariationAttributeRecord> = {
  path: 'variation-attributes',
  aggregate: variationAttributeAggregate,
  scopes: ['items:read'],
  visible: (record, actor) => record.account_id === actor.accountId,
  view: (record, revision) => variationAttributeJson(record, revision),
};
