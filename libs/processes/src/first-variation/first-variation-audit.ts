import { FirstVariationDecided, itemVariationAggregate } from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { firstVariationReactor } from './first-variation-reactor';
import { creationAudit } from '../audit/open-steps';

/** An item's first variation decided (its stock moved out) whose variation was never created. */
export const firstVariationAudit = creationAudit(
  firstVariationReactor.name,
  'FirstVariationDecided',
  (trigger) => {
    const { variation_id } = trigger.data as FirstVariationDecided['data'];
    return {
      stream: streamName(itemVariationAggregate, variation_id),
      missing: `variation ${variation_id}, the first of ${trigger.streamId}, was never created`,
    };
  },
);
