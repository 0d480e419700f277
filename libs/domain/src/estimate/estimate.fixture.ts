import { BASIC_INPUT, documentContext, salesDocumentFixture } from '../testing/documents';
import { LATER, RECORD_ID } from '../testing/fixtures';
import { SalesDocumentKit } from '../testing/sales-document-cases';
import { EstimateCommand } from './commands';
import { EstimateContext } from './context';
import { decideEstimate } from './decide';
import { EstimateCreated, EstimateEvent } from './events';
import { evolveEstimate, initialEstimateState } from './evolve';
import { EstimateInput } from './fields';

export const folding = { initialState: initialEstimateState, evolve: evolveEstimate };

export * from '../testing/documents';

export const ESTIMATE_NUMBER = 1001;

// The account's estimate custom fields.
export const FIELD_A = 'cf000000-0000-4000-8000-000000000001';
export const FIELD_B = 'cf000000-0000-4000-8000-000000000002';

/**
 * A user with every right (view-all, unit cost, selling prices) acting at LATER, in an account
 * whose estimates expire after 30 days and whose default terms are "Due on receipt".
 */
export function estimateContext(over: Partial<EstimateContext> = {}): EstimateContext {
  return { ...documentContext([FIELD_A, FIELD_B]), estimateExpiryDays: 30, ...over };
}

export const createCommand = (input: EstimateInput): EstimateCommand => ({
  type: 'CreateEstimate',
  id: RECORD_ID,
  estimate_number: ESTIMATE_NUMBER,
  input,
});
export const update = (input: EstimateInput): EstimateCommand => ({ type: 'UpdateEstimate', input });
export const decline: EstimateCommand = { type: 'DeclineEstimate' };
export const remove: EstimateCommand = { type: 'DeleteEstimate' };

const document = salesDocumentFixture(folding, decideEstimate, estimateContext, createCommand);
const { decided } = document;
/** The scenario; the context of a creation (at NOW, new lines lineId(1), lineId(2) …); the live record after some events. */
export const { subject: estimate, creationContext, recordAfter } = document;

/** The creation event the aggregate decides for this body (throws if it refuses, for arranging). */
export function created(input: EstimateInput = BASIC_INPUT, context = creationContext()): EstimateCreated {
  return document.createdBy(input, context) as EstimateCreated;
}

/** The events an update decides after `given` (throws if it refuses, for arranging). */
export const updated = (given: EstimateEvent[], input: EstimateInput, context = estimateContext()) =>
  decided(given, update(input), context);

export const declined: EstimateEvent = {
  type: 'EstimateDeclined',
  data: { status_id: 7, declined_at: LATER },
};
export const deleted: EstimateEvent = { type: 'EstimateDeleted', data: { deleted_at: LATER } };

/** How the sales documents' shared cases reach estimates (testing/sales-document-cases.ts). */
export const estimateKit: SalesDocumentKit<EstimateEvent> = {
  noun: 'estimate',
  createdType: 'EstimateCreated',
  updatedType: 'EstimateUpdated',
  createdAs: 'an open estimate',
  createdData: {
    estimate_number: ESTIMATE_NUMBER,
    status_id: 5,
    expiry_date: '2030-02-14', // the account's 30 days after the issue date
    custom_estimate_number: null,
  },
  ...document.casesCalls(update),
  mostLines: 500,
  changesCustomer: true,
  takesProspects: true,
  fields: [FIELD_A, FIELD_B],
  recordsDiscountTotal: false,
  givenFields: {
    name: 'Spring fit-out',
    expiry_date: '2030-02-20',
    custom_estimate_number: 'Q-'.padEnd(24, '7'),
  },
  unsupported: ['estimate_number'],
  invalid: [
    ['expiry_date', 'soon'],
    ['custom_estimate_number', 'x'.repeat(25)],
  ],
  protectedOnUpdate: ['estimate_number'],
};
