import { firstVariationDecided } from '@app/domain';
import {
  CREATED,
  ITEM,
  ITEM_ID,
  stocked,
  VARIATION_ID,
  WAREHOUSE,
} from '@app/domain/item-variation/item-variation.fixture';
import { LATER } from '@app/domain/testing/fixtures';
import { runReactorStep, stepEventId } from '@app/read-models';
import { firstVariationReactor } from './first-variation-reactor';
import { itemStocked } from '../testing/items';
import { eventsOf, storeFor, STORES, trigger } from '../testing/process-spec';
import { expectAuditedUntilStepRuns, expectRepeatChangesNothing } from '../testing/step-expectations';

const ITEM_STREAM = `item-${ITEM_ID}`;
const VARIATION_STREAM = `itemVariation-${VARIATION_ID}`;

/** The variation's events the item's decision carries: created, and the item's 3 moved into it. */
const VARIATION_EVENTS = [CREATED, stocked(WAREHOUSE, '3')];

describe.each(STORES)('first variation (FirstVariationDecided → the variation) on %s', (kind) => {
  const storeOf = storeFor(kind);

  /** An item with 3 on hand whose first variation was decided on its stream. */
  function decisionInLog() {
    const decided = firstVariationDecided(ITEM, VARIATION_ID, VARIATION_EVENTS, LATER);
    return trigger(storeOf(), ITEM_STREAM, [...itemStocked(ITEM_ID, 'quantity', '3'), decided]);
  }

  it("creates the variation's stream with the decided events, ids derived from the decision", async () => {
    // given an item's first variation decided
    const decision = await decisionInLog();

    // when the step runs
    await runReactorStep(firstVariationReactor, decision, storeOf());

    // then the variation exists, holding the stock the item moved out
    expect(await eventsOf(storeOf(), VARIATION_STREAM)).toEqual(
      VARIATION_EVENTS.map(({ type, data }, i) =>
        expect.objectContaining({
          id: stepEventId(decision.id, 'create-variation', i),
          type,
          data,
          metadata: expect.objectContaining({ causation_id: decision.id }),
        }),
      ),
    );
  });

  it('changes nothing when the step runs again', async () => {
    // given a first variation whose step ran
    const decision = await decisionInLog();

    // when it runs again, then the variation is there once
    await expectRepeatChangesNothing(firstVariationReactor, decision, storeOf());
  });

  it('is audited: a decision without its variation is one finding, none once the step ran', async () => {
    // given a decision whose step has not run, past the grace period
    const decision = await decisionInLog();

    expect(decision.streamId).toBe(ITEM_STREAM);

    // then the audit names the process and the missing variation, until the step runs
    await expectAuditedUntilStepRuns(firstVariationReactor, decision, storeOf(), {
      process: 'first_variation',
      missing: expect.stringContaining(`variation ${VARIATION_ID}`),
    });
  });
});
