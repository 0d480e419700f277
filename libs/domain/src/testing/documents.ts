import { drafts, ITEMS, VARIATIONS, WIDGET } from '../document-lines/document-lines.fixture';
import { DocumentContext, DocumentCustomer, DocumentInput } from '../document';
import { Decision } from '../shared/decision';
import { ACCOUNT_ID, LATER, NOW, OTHER_USER_ID, USER_ID } from './fixtures';
import { arranging, Folding, liveRecordAfter, scenario } from './scenario';

/** What the sales-document specs (estimates, invoices, sales orders) share: customers, context, lines. */

// The account's customers and prospects, as the handler would find them (archived ones too).
export const ACME = 'c0000000-0000-4000-8000-000000000001'; // customer of USER_ID: 8.875 % / 1.5 %, "Net 15"
export const LEAD = 'c0000000-0000-4000-8000-000000000002'; // prospect of USER_ID: 5 % / 0 %, no terms
export const DORMANT = 'c0000000-0000-4000-8000-000000000003'; // archived customer of USER_ID
export const THEIRS = 'c0000000-0000-4000-8000-000000000004'; // customer of OTHER_USER_ID, no terms
export const NOBODY = 'c0000000-0000-4000-8000-000000000005'; // not found: absent, a supplier, elsewhere

const customer = (
  over: Partial<DocumentCustomer> & Pick<DocumentCustomer, 'id' | 'name'>,
): DocumentCustomer => ({
  kind: 'customer',
  tax_rate: '8.875',
  tax_2_rate: '1.500',
  payment_terms: null,
  archived: false,
  assigned_user_id: USER_ID,
  ...over,
});

export const CUSTOMERS: DocumentCustomer[] = [
  customer({ id: ACME, name: 'Acme', payment_terms: 'Net 15' }),
  customer({ id: LEAD, name: 'Initech', kind: 'prospect', tax_rate: '5.000', tax_2_rate: '0.000' }),
  customer({ id: DORMANT, name: 'Dormant', archived: true }),
  customer({ id: THEIRS, name: 'Umbrella', assigned_user_id: OTHER_USER_ID }),
];

/** Ids the create context draws for new lines, in order: lineId(1), lineId(2) … */
export const lineId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ids an update context draws for new lines, told apart from those of the creation. */
export const addedLineId = (n: number) => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Packing-list ids the handler draws. */
export const fulfillmentId = (n: number) => `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Draws id(1), id(2) … */
export function sequence(id: (n: number) => string): () => string {
  let drawn = 0;
  return () => id(++drawn);
}

/** The day of LATER: updates and the actions after creation happen then. */
export const TODAY = '2030-01-16';
/** The day of NOW: documents are created then. */
export const CREATION_DAY = '2030-01-15';

/**
 * A user with every right (view-all, unit cost, selling prices) acting at LATER, in an account whose
 * default terms are "Due on receipt", with these custom fields for the document type.
 */
export function documentContext(customFieldIds: string[] = []): DocumentContext {
  return {
    now: LATER,
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    onlyOwnDocuments: false,
    mayViewCosts: true,
    today: TODAY,
    defaultPaymentTerms: 'Due on receipt',
    customFieldIds: new Set(customFieldIds),
    customers: new Map(CUSTOMERS.map((entry) => [entry.id, entry])),
    lines: {
      items: new Map(ITEMS.map((entry) => [entry.id, entry])),
      variations: new Map(VARIATIONS.map((entry) => [entry.item_variation_location_id, entry])),
      mayModifyPrices: true,
    },
    newLineId: sequence(addedLineId),
  };
}

/** What makes a context one of a creation: at NOW, its new lines numbered lineId(1), lineId(2) … */
export const creation = () => ({ now: NOW, today: CREATION_DAY, newLineId: sequence(lineId) });

/**
 * What a sales document's fixture builds on: its scenario (given/when), the context of a creation,
 * and for arranging the events decided after `given`, the creation event a body decides
 * (`createdBy`, throwing if refused) and the live record after some events; for a command's rules,
 * `acting(command)(input, given, context)`: what `command(input)` decides after `given` (the basic
 * creation by default).
 */
export function salesDocumentFixture<S extends { status: string }, E, C, X extends DocumentContext>(
  folding: Folding<S, E>,
  decide: (command: C, state: S, context: X) => Decision<E>,
  contextOf: (over?: Partial<X>) => X,
  createCommand: (input: DocumentInput) => C,
) {
  const subject = scenario(folding, decide);
  const creationContext = (over: Partial<X> = {}): X => contextOf({ ...creation(), ...over });
  const { decided, after } = arranging(subject, () => contextOf());
  const createdBy = (input: DocumentInput, context = creationContext()): E =>
    decided([], createCommand(input), context)[0];
  const recordAfter = (...events: E[]) => liveRecordAfter(folding, events);
  const acting =
    <I>(command: (input: I) => C) =>
    (input: I, given: E[] = [createdBy(BASIC_INPUT)], context: X = contextOf()) =>
      subject.given(...given).when(command(input), context);
  /**
   * What the shared cases (sales-document-cases.ts) call, through this type's update command, with
   * `over` in every context they use.
   */
  const casesCalls = (updateCommand: (input: DocumentInput) => C, over: Partial<X> = {}) => {
    const withOver = (context: Partial<DocumentContext>) => ({ ...over, ...context }) as Partial<X>;
    const created = (input: DocumentInput = BASIC_INPUT) => createdBy(input, creationContext(over));
    return {
      create: (input: DocumentInput, context: Partial<DocumentContext> = {}, given: E[] = []) =>
        subject.given(...given).when(createCommand(input), creationContext(withOver(context))),
      update: (input: DocumentInput, context: Partial<DocumentContext> = {}, given: E[] = [created()]) =>
        subject.given(...given).when(updateCommand(input), contextOf(withOver(context))),
      created,
      updated: (given: E[], input: DocumentInput) => decided(given, updateCommand(input), contextOf(over)),
      recordAfter,
    };
  };
  return { subject, creationContext, decided, after, createdBy, recordAfter, acting, casesCalls };
}

/** lineId(1): 2 widgets (inventory, 2 × 12.50 at Acme's 8.875 % and 1.5 %); lineId(2): labour (service, 40.00, no first tax). */
export const TWO_LINES = [
  { item_id: WIDGET, quantity: 2 },
  { name: 'Labour', unit_price: 40, tax_rate: 0 },
];
export const BASIC_INPUT = { customer_id: ACME, lines: TWO_LINES };

/** The amounts of TWO_LINES at Acme's rates: 25.00 + 2.2188 + 0.375 and 40.00 + 0.60. */
export const TWO_LINES_AMOUNTS = {
  pre_discount_subtotal: '65.0000',
  discount: '0.0000',
  subtotal: '65.0000',
  tax: '2.2188',
  tax_2: '0.9750',
  total: '68.1938',
};

/** TWO_LINES as a creation at Acme's rates calculates them. */
export function twoLinesCalculated() {
  const [widget] = drafts([TWO_LINES[0]]);
  const [labour] = drafts([TWO_LINES[1]]);
  return [
    {
      ...widget,
      id: lineId(1),
      position: 0,
      discounted_unit_price: null,
      subtotal: '25.0000',
      tax: '2.2188',
      tax_2: '0.3750',
      total: '27.5938',
      total_cost: '14.5000',
    },
    {
      ...labour,
      id: lineId(2),
      position: 1,
      discounted_unit_price: null,
      subtotal: '40.0000',
      tax: '0.0000',
      tax_2: '0.6000',
      total: '40.6000',
      total_cost: null,
    },
  ];
}

/** The amounts of TWO_LINES with a 10 % discount: the discount line takes 10 % of the subtotals and of each tax. */
export const TEN_PERCENT_OFF_AMOUNTS = {
  pre_discount_subtotal: '65.0000',
  discount: '-6.5000',
  subtotal: '58.5000',
  tax: '1.9969',
  tax_2: '0.8775',
  total: '61.3744',
};

/** `n` service lines of 1.00 each, for the limits on how many lines a document takes. */
export const labourLines = (n: number) =>
  Array.from({ length: n }, () => ({ name: 'Labour', unit_price: 1 }));

/** The line sets a creation refuses, naming lines, for a document that takes at most `most` lines. */
export const refusedLineSets = (most: number): [string, unknown][] => [
  ['missing', undefined],
  ['empty', []],
  [`more than ${most}`, labourLines(most + 1)],
  ['not an array', { name: 'Labour', unit_price: 1 }],
];

/** The customer ids every sales document refuses, naming customer_id. */
export const REFUSED_CUSTOMERS: [string, unknown][] = [
  ['missing', undefined],
  ['unknown (absent, a supplier, of another account)', NOBODY],
  ['archived', DORMANT],
  ['not an id', 'acme'],
  ['null', null],
];

/** The fields a creation of BASIC_INPUT by the user at NOW copies and defaults, whatever the document. */
export const basicCreation = () => ({
  account_id: ACCOUNT_ID,
  salesperson_id: USER_ID,
  customer_id: ACME,
  customer_name: 'Acme',
  customer_kind: 'customer',
  name: null,
  issue_date: CREATION_DAY,
  purchase_order_number: '',
  attention: null,
  shipping_address: null,
  public_note: null,
  payment_terms: 'Due on receipt', // the account's default, not ACME's own "Net 15"
  shipping_fee: '0.0000',
  shipping_cost: '0.0000',
  discount_percent: '0.000',
  custom_field_values: [],
  lines: twoLinesCalculated(),
  created_at: NOW,
});

export { alreadyExists, conflictOf, missing, permissionDenied, refusal } from './errors';

/** Every optional field a creation may be given (name and the custom number aside), and Acme's id in capitals. */
export const GIVEN_FIELDS = {
  issue_date: '2030-02-01',
  purchase_order_number: 'PO-9',
  attention: 'Ann Lee',
  shipping_address: '1 Main St\nSpringfield',
  public_note: 'Thank you',
  payment_terms: 'Net 30',
  shipping_fee: 5,
  shipping_cost: '2.5',
};
/** How a creation stores `given` (GIVEN_FIELDS and more): as given, the customer's id and the amounts normalised. */
export const storedAsGiven = (given: object) => ({
  ...given,
  customer_id: ACME,
  shipping_fee: '5.0000',
  shipping_cost: '2.5000',
});

/** A packing list's shipping, as the first of two inventory units (today, no details) leaves it. */
export const shippedToday = () => ({
  fulfillment_id: fulfillmentId(1),
  shipped_date: TODAY,
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  estimated_delivery_date: null,
  shipped_at: LATER,
  packed_percent: 50,
  shipped_percent: 50,
});
