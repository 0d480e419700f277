import { ITEMS, VARIATIONS, WIDGET } from '../document-lines/document-lines.fixture';
import { isDomainError } from '../shared/domain-error';
import { ACCOUNT_ID, LATER, NOW, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { scenario, stateAfter } from '../testing/scenario';
import { EstimateCommand } from './commands';
import { EstimateContext, EstimateCustomer } from './context';
import { decideEstimate } from './decide';
import { EstimateCreated, EstimateEvent } from './events';
import { evolveEstimate, initialEstimateState } from './evolve';
import { EstimateInput } from './fields';
import { EstimateRecord } from './state';

export const folding = { initialState: initialEstimateState, evolve: evolveEstimate };
export const estimate = scenario(folding, decideEstimate);

export const ESTIMATE_NUMBER = 1001;

// The account's customers and prospects, as the handler would find them (archived ones too).
export const ACME = 'c0000000-0000-4000-8000-000000000001'; // customer of USER_ID: 8.875 % / 1.5 %, "Net 15"
export const LEAD = 'c0000000-0000-4000-8000-000000000002'; // prospect of USER_ID: 5 % / 0 %, no terms
export const DORMANT = 'c0000000-0000-4000-8000-000000000003'; // archived customer of USER_ID
export const THEIRS = 'c0000000-0000-4000-8000-000000000004'; // customer of OTHER_USER_ID
export const NOBODY = 'c0000000-0000-4000-8000-000000000005'; // not found: absent, a supplier, elsewhere

const customer = (
  over: Partial<EstimateCustomer> & Pick<EstimateCustomer, 'id' | 'name'>,
): EstimateCustomer => ({
  kind: 'customer',
  tax_rate: '8.875',
  tax_2_rate: '1.500',
  payment_terms: null,
  archived: false,
  assigned_user_id: USER_ID,
  ...over,
});

export const CUSTOMERS: EstimateCustomer[] = [
  customer({ id: ACME, name: 'Acme', payment_terms: 'Net 15' }),
  customer({ id: LEAD, name: 'Initech', kind: 'prospect', tax_rate: '5.000', tax_2_rate: '0.000' }),
  customer({ id: DORMANT, name: 'Dormant', archived: true }),
  customer({ id: THEIRS, name: 'Umbrella', assigned_user_id: OTHER_USER_ID }),
];

// The account's estimate custom fields.
export const FIELD_A = 'cf000000-0000-4000-8000-000000000001';
export const FIELD_B = 'cf000000-0000-4000-8000-000000000002';

/** Ids the create context draws for new lines, in order: lineId(1), lineId(2) … */
export const lineId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ids an update context draws for new lines, told apart from those of the creation. */
export const addedLineId = (n: number) => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function sequence(id: (n: number) => string): () => string {
  let drawn = 0;
  return () => id(++drawn);
}

/** The day of LATER: updates, declines and deletions happen then. */
export const TODAY = '2030-01-16';
/** The day of NOW: estimates are created then. */
export const CREATION_DAY = '2030-01-15';

/**
 * A user with every right (view-all, unit cost, selling prices) acting at LATER, in an account
 * whose estimates expire after 30 days and whose default terms are "Due on receipt".
 */
export function estimateContext(over: Partial<EstimateContext> = {}): EstimateContext {
  return {
    now: LATER,
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    onlyOwnDocuments: false,
    mayViewCosts: true,
    today: TODAY,
    estimateExpiryDays: 30,
    defaultPaymentTerms: 'Due on receipt',
    customFieldIds: new Set([FIELD_A, FIELD_B]),
    customers: new Map(CUSTOMERS.map((entry) => [entry.id, entry])),
    lines: {
      items: new Map(ITEMS.map((entry) => [entry.id, entry])),
      variations: new Map(VARIATIONS.map((entry) => [entry.item_variation_location_id, entry])),
      mayModifyPrices: true,
    },
    newLineId: sequence(addedLineId),
    ...over,
  };
}

/** The context of a creation: at NOW, its new lines numbered lineId(1), lineId(2) … */
export function creationContext(over: Partial<EstimateContext> = {}): EstimateContext {
  return estimateContext({ now: NOW, today: CREATION_DAY, newLineId: sequence(lineId), ...over });
}

/** A widget (2 × 12.50 at Acme's 8.875 % and 1.5 %) and labour (40.00, no first tax). */
export const TWO_LINES = [
  { item_id: WIDGET, quantity: 2 },
  { name: 'Labour', unit_price: 40, tax_rate: 0 },
];
export const BASIC_INPUT = { customer_id: ACME, lines: TWO_LINES };

export const createCommand = (input: EstimateInput): EstimateCommand => ({
  type: 'CreateEstimate',
  id: RECORD_ID,
  estimate_number: ESTIMATE_NUMBER,
  input,
});
export const update = (input: EstimateInput): EstimateCommand => ({ type: 'UpdateEstimate', input });
export const decline: EstimateCommand = { type: 'DeclineEstimate' };
export const remove: EstimateCommand = { type: 'DeleteEstimate' };

/** The creation event the aggregate decides for this body (throws if it refuses, for arranging). */
export function created(input: EstimateInput = BASIC_INPUT, context = creationContext()): EstimateCreated {
  const decision = estimate.given().when(createCommand(input), context);
  if (isDomainError(decision)) throw decision;
  return decision[0] as EstimateCreated;
}

/** The events an update decides after `given` (throws if it refuses, for arranging). */
export function updated(
  given: EstimateEvent[],
  input: EstimateInput,
  context = estimateContext(),
): EstimateEvent[] {
  const decision = estimate.given(...given).when(update(input), context);
  if (isDomainError(decision)) throw decision;
  return decision;
}

export const declined: EstimateEvent = {
  type: 'EstimateDeclined',
  data: { status_id: 7, declined_at: LATER },
};
export const deleted: EstimateEvent = { type: 'EstimateDeleted', data: { deleted_at: LATER } };

/** The live record after these events. */
export function recordAfter(...events: EstimateEvent[]): EstimateRecord {
  const state = stateAfter(folding, events);
  if (state.status !== 'live') throw new Error(`expected a live estimate, got ${state.status}`);
  return state.record;
}
