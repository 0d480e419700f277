import { EstimateEvent, estimateAggregate, EstimateRecord, visibleEstimate } from '@app/domain';
import { HistoryDeclaration, redactDocumentCosts } from '../history';
import { estimateSight } from './estimate-context';
import { estimateJson } from './estimate-json';

/**
 * The event history of estimates (EXTENSIONS.md §8): visible as the estimate is (account, and the
 * salesperson's own without `estimates.view_all`); without `unit_cost.view` the shipping cost and
 * the lines' unit and total costs are left out of events and past views alike.
 */
export const ESTIMATE_HISTORY: HistoryDeclaration<EstimateRecord, EstimateEvent> = {
  path: 'estimates',
  aggregate: estimateAggregate,
  scopes: ['estimates:read'],
  permission: 'estimates.list',
  visible: (record, actor) => visibleEstimate({ status: 'live', record }, estimateSight(actor)) === record,
  view: (record, revision, actor) => estimateJson(record, revision, actor),
  redact: redactDocumentCosts,
};
