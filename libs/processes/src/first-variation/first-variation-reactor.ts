import { FirstVariationDecided, itemVariationAggregate } from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { defineReactor } from '@app/read-models';

/**
 * The second half of an item's first variation: the item's stream recorded the decision with the
 * variation's events (FirstVariationDecided, after its stock moved out); the variation's stream is
 * created with them. The request does this itself for its answer; this reactor does it when the
 * request could not (the process stopped between the two appends). Same ids either way: once.
 */
export const firstVariationReactor = defineReactor({
  name: 'first_variation',
  handles: ['FirstVariationDecided'],
  async react(event, tools) {
    const { variation_id, variation_events } = event.data as FirstVariationDecided['data'];
    await tools.append(
      streamName(itemVariationAggregate, variation_id),
      'create-variation',
      variation_events,
      {
        expectedRevision: 'no_stream',
      },
    );
  },
});
