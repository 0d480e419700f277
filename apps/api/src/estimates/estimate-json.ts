import {
  EstimateRecord,
  estimateSummaryView,
  EstimateView,
  estimateView,
  EstimateViewer,
  LiveSkus,
} from '@app/domain';
import { Actor, can } from '../auth/actor';

/** What the caller may do and see decides `can_edit` and whether costs show. */
export function estimateViewer(actor: Actor): EstimateViewer {
  return { mayModify: can(actor, 'estimates.modify'), showCost: can(actor, 'unit_cost.view') };
}

/**
 * The detail JSON, with lines and their items' current SKUs (the stored ones without `skus`: a
 * past revision). Line thumbnails stay null: photo URLs are API paths, not HTTPS URLs.
 */
export function estimateJson(
  record: EstimateRecord,
  revision: number,
  actor: Actor,
  skus?: LiveSkus,
): EstimateView {
  return estimateView(record, revision, { ...estimateViewer(actor), skus });
}

export function estimateSummaryJson(record: EstimateRecord, revision: number, actor: Actor): EstimateView {
  return estimateSummaryView(record, revision, estimateViewer(actor));
}
