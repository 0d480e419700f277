import { ITEMS, PAINTING, WIDGET } from '../document-lines/document-lines.fixture';
import { DocumentContext, DocumentInput } from '../document';
import { Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';
import {
  ACME,
  addedLineId,
  alreadyExists,
  BASIC_INPUT,
  basicCreation,
  documentContext,
  DORMANT,
  GIVEN_FIELDS,
  labourLines,
  LEAD,
  lineId,
  NOBODY,
  permissionDenied,
  refusal,
  REFUSED_CUSTOMERS,
  refusedLineSets,
  storedAsGiven,
  TEN_PERCENT_OFF_AMOUNTS,
  THEIRS,
  TWO_LINES,
  TWO_LINES_AMOUNTS,
} from './documents';
import { LATER, RECORD_ID, USER_ID } from './fixtures';

/**
 * The creation and update cases the sales documents share (estimates, invoices, sales orders), stated
 * once as given/when/then and run by each document's spec against its own decider and commands
 * through its kit; what really differs by type is the kit's, or stays in that type's spec.
 */

type Amounts = typeof TWO_LINES_AMOUNTS;
type ContextOver = Partial<DocumentContext>;

/** How the shared cases reach one document type. */
export interface SalesDocumentKit<E> {
  /** As the error codes name the type: unsupported_<noun>_field. */
  noun: 'estimate' | 'invoice' | 'sales_order';
  /** The types of its creation and update events, e.g. EstimateCreated and EstimateUpdated. */
  createdType: string;
  updatedType: string;
  /** What the basic creation records besides what every document does: number, status, its own fields. */
  createdData: object;
  /** What the basic creation opens, e.g. "an open estimate". */
  createdAs: string;
  /** What its create command decides after `given` (none by default) in a creation context. */
  create(input: DocumentInput, context?: ContextOver, given?: E[]): Decision<E>;
  /** What its update command decides after `given` (the basic creation by default). */
  update(input: DocumentInput, context?: ContextOver, given?: E[]): Decision<E>;
  /** For arranging: the creation event of `input` (BASIC_INPUT by default), the events of an update. */
  created(input?: DocumentInput): E;
  updated(given: E[], input: DocumentInput): E[];
  recordAfter(...events: E[]): object;
  /** The most lines a document takes. */
  mostLines: number;
  /** Whether a prospect may be its customer (estimates), or only an active customer. */
  takesProspects: boolean;
  /** Whether an update may change the customer (a sales order's may not). */
  changesCustomer: boolean;
  /** The account's two custom fields for the type. */
  fields: [string, string];
  /** Whether its totals also record the total before the discount and the discount line's total. */
  recordsDiscountTotal: boolean;
  /** What a creation keeps besides GIVEN_FIELDS: a name, the type's custom number, its dates. */
  givenFields: object;
  /** What a creation refuses as unsupported besides the shared fields. */
  unsupported: string[];
  /** What a creation refuses as invalid besides the shared values. */
  invalid: [string, unknown][];
  /** What an update refuses as unsupported besides status_id. */
  protectedOnUpdate: string[];
}

type When<E> =
  | { create: DocumentInput; context?: ContextOver; given?: E[] }
  | { update: DocumentInput; context?: ContextOver; given?: E[] };

/**
 * What the decision is: `events` it matches (toMatchObject), with `totals` its first event's totals
 * exactly; `exactly` these events; `refused` with this error; `count` events; `record` the live
 * record after the given events and those decided matches.
 */
type Then =
  | { events: unknown[]; totals?: object }
  | { exactly: unknown[] }
  | { refused: object }
  | { count: number }
  | { record: object };

export interface SalesDocumentCase<E> {
  it: string;
  examples: { when: When<E>; then: Then }[];
}

/** The shared cases by group (describe), each case one test. */
export function salesDocumentCases<E>(kit: SalesDocumentKit<E>): Record<string, SalesDocumentCase<E>[]> {
  const [FIELD_A, FIELD_B] = kit.fields;
  /** The totals the type records of TWO_LINES with these amounts (and this discount line's total). */
  const totals = (amounts: Amounts, discountTotal = '0.0000') =>
    kit.recordsDiscountTotal
      ? { ...amounts, pre_discount_total: TWO_LINES_AMOUNTS.total, discount_total: discountTotal }
      : amounts;
  const unsupported = `unsupported_${kit.noun}_field`;
  const refused = (param: string, code?: string) => ({ refused: refusal(param, code) });
  const created = () => kit.created();
  const withTenPercentOff = () => kit.created({ ...BASIC_INPUT, discount_percent: 10 });
  const updated = (changes: object) => ({ type: kit.updatedType, data: { ...changes, updated_at: LATER } });
  const withPrice = (price: string) => {
    const lines = documentContext().lines;
    const repriced = { ...ITEMS[0], name: 'Widget v2', price };
    return { lines: { ...lines, items: new Map([[WIDGET, repriced]]) } };
  };
  const withAcmeRate = (tax_rate: string) => {
    const customers = new Map(documentContext().customers);
    customers.set(ACME, { ...customers.get(ACME)!, tax_rate });
    return { customers };
  };
  const confined = { onlyCustomersAssignedTo: USER_ID };
  /** The customer given back unchanged, where an update takes a customer at all. */
  const sameCustomer = (customer_id: string) => (kit.changesCustomer ? { customer_id } : {});
  const prospects = kit.takesProspects ? [] : ([['a prospect', LEAD]] as [string, unknown][]);
  const base = created();
  const withFieldA = kit.updated([base], {
    custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }],
  });
  const discountRemoved = kit.updated([withTenPercentOff()], { discount_percent: 0 });

  return {
    'create › payment terms': [
      {
        it: "are the account's default when none are given, not the customer's own (documents-api §4), else none",
        // ACME's own terms are "Net 15"; the account's default is "Due on receipt".
        examples: [
          {
            when: { create: BASIC_INPUT },
            then: { events: [{ data: { payment_terms: 'Due on receipt' } }] },
          },
          ...[THEIRS, ...(kit.takesProspects ? [LEAD] : [])].map((customer_id) => ({
            when: { create: { customer_id, lines: TWO_LINES } },
            then: { events: [{ data: { payment_terms: 'Due on receipt' } }] },
          })),
          {
            when: { create: BASIC_INPUT, context: { defaultPaymentTerms: null } },
            then: { events: [{ data: { payment_terms: null } }] },
          },
        ],
      },
      {
        it: 'are the given ones when given, none when given blank',
        examples: [
          {
            when: { create: { ...BASIC_INPUT, payment_terms: 'Net 60' } },
            then: { events: [{ data: { payment_terms: 'Net 60' } }] },
          },
          {
            when: { create: { ...BASIC_INPUT, payment_terms: null } },
            then: { events: [{ data: { payment_terms: null } }] },
          },
        ],
      },
    ],
    'create › the customer': [
      ...[...REFUSED_CUSTOMERS, ['not a string', 7], ...prospects].map(([name, customer_id]) => ({
        it: `is refused when ${name}, naming customer_id`,
        examples: [{ when: { create: { customer_id, lines: TWO_LINES } }, then: refused('customer_id') }],
      })),
      {
        it: 'must be assigned to a user who cannot see every customer',
        examples: [
          {
            when: { create: { customer_id: THEIRS, lines: TWO_LINES }, context: confined },
            then: refused('customer_id'),
          },
          { when: { create: BASIC_INPUT, context: confined }, then: { count: 1 } },
          { when: { create: { customer_id: THEIRS, lines: TWO_LINES } }, then: { count: 1 } },
        ],
      },
    ],
    'create › lines': [
      ...refusedLineSets(kit.mostLines).map(([name, lines]) => ({
        it: `are refused when ${name}, naming lines`,
        examples: [{ when: { create: { customer_id: ACME, lines } }, then: refused('lines') }],
      })),
      {
        it: `may number ${kit.mostLines}, each with its own new id`,
        examples: [
          {
            when: { create: { customer_id: ACME, lines: labourLines(kit.mostLines) } },
            then: {
              events: [
                {
                  data: {
                    lines: {
                      length: kit.mostLines,
                      [kit.mostLines - 1]: { id: lineId(kit.mostLines), position: kit.mostLines - 1 },
                    },
                  },
                },
              ],
            },
          },
        ],
      },
      {
        it: 'cannot name an id: every line of a new document is new',
        examples: [
          {
            when: {
              create: { customer_id: ACME, lines: [{ id: lineId(1), name: 'Labour', unit_price: 1 }] },
            },
            then: refused('lines.0.id'),
          },
        ],
      },
      {
        it: 'are refused naming the line and field at fault',
        examples: [
          {
            when: { create: { customer_id: ACME, lines: [{ item_id: NOBODY }] } },
            then: refused('lines.0.item_id'),
          },
          {
            when: { create: { customer_id: ACME, lines: [TWO_LINES[0], { item_id: NOBODY }] } },
            then: refused('lines.1.item_id'),
          },
          {
            when: { create: { customer_id: ACME, lines: [{ name: 'Labour' }] } },
            then: refused('lines.0.unit_price'),
          },
          {
            when: {
              create: {
                customer_id: ACME,
                lines: [TWO_LINES[0], { name: 'Labour', unit_price: 1, position: 3 }],
              },
            },
            then: refused('lines.1.position', unsupported),
          },
          {
            when: {
              create: { customer_id: ACME, lines: [TWO_LINES[0], { name: 'x', unit_price: 1, foo: 1 }] },
            },
            then: refused('lines.1.foo', unsupported),
          },
        ],
      },
    ],
    'create › discount_percent': [
      {
        it: 'above zero adds a generated discount line, last, with its own new id',
        examples: [
          {
            when: { create: { ...BASIC_INPUT, discount_percent: 10 } },
            then: {
              events: [
                {
                  data: {
                    discount_percent: '10.000',
                    lines: [
                      { id: lineId(1), line_type: 'inventory', position: 0 },
                      { id: lineId(2), line_type: 'service', position: 1 },
                      {
                        id: lineId(3),
                        line_type: 'discount',
                        position: 2,
                        name: 'Discount',
                        discount_percent: '10.000',
                        subtotal: '-6.5000',
                        tax: '-0.2219',
                        tax_2: '-0.0975',
                        total: '-6.8194',
                      },
                    ],
                  },
                },
              ],
              totals: totals(TEN_PERCENT_OFF_AMOUNTS, '-6.8194'),
            },
          },
        ],
      },
      {
        it: 'of zero adds none',
        examples: [
          {
            when: { create: { ...BASIC_INPUT, discount_percent: '0' } },
            then: {
              events: [{ data: { lines: [{ line_type: 'inventory' }, { line_type: 'service' }] } }],
              totals: totals(TWO_LINES_AMOUNTS),
            },
          },
        ],
      },
    ],
    'create › shipping_cost': [
      {
        it: 'needs the unit-cost permission: 403 permission_denied without it',
        examples: [
          {
            when: { create: { ...BASIC_INPUT, shipping_cost: 3 }, context: { mayViewCosts: false } },
            then: { refused: permissionDenied },
          },
          {
            when: { create: BASIC_INPUT, context: { mayViewCosts: false } },
            then: { events: [{ data: { shipping_cost: '0.0000' } }] },
          },
        ],
      },
    ],
    'create › custom_field_values': [
      {
        it: "keeps the account's fields in the given order, ids lower-cased, leaving blank values out",
        examples: [
          ...[' ', ''].map((blank) => ({
            when: {
              create: {
                ...BASIC_INPUT,
                custom_field_values: [
                  { custom_field_id: FIELD_B.toUpperCase(), value: 'Blue' },
                  { custom_field_id: FIELD_A, value: blank },
                ],
              },
            },
            then: {
              events: [{ data: { custom_field_values: [{ custom_field_id: FIELD_B, value: 'Blue' }] } }],
            },
          })),
          {
            when: {
              create: {
                ...BASIC_INPUT,
                custom_field_values: [
                  { custom_field_id: FIELD_A, value: 3 },
                  { custom_field_id: FIELD_B, value: false },
                ],
              },
            },
            then: {
              events: [
                {
                  data: {
                    custom_field_values: [
                      { custom_field_id: FIELD_A, value: 3 },
                      { custom_field_id: FIELD_B, value: false },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
      {
        it: `refuses an id that is not one of the account’s ${kit.noun} fields, naming it`,
        examples: [
          {
            when: {
              create: { ...BASIC_INPUT, custom_field_values: [{ custom_field_id: NOBODY, value: 'y' }] },
            },
            then: refused('custom_field_values.0.custom_field_id'),
          },
          {
            when: {
              create: {
                ...BASIC_INPUT,
                custom_field_values: [
                  { custom_field_id: FIELD_A, value: 'x' },
                  { custom_field_id: NOBODY, value: 'y' },
                ],
              },
            },
            then: refused('custom_field_values.1.custom_field_id'),
          },
        ],
      },
    ],
    create: [
      {
        it: `creates ${kit.createdAs} for the user: customer copied, lines calculated, the day's defaults`,
        examples: [
          {
            when: { create: BASIC_INPUT },
            then: {
              exactly: [
                {
                  type: kit.createdType,
                  data: {
                    ...basicCreation(),
                    id: RECORD_ID,
                    ...kit.createdData,
                    totals: totals(TWO_LINES_AMOUNTS),
                  },
                },
              ],
            },
          },
        ],
      },
      {
        it: 'keeps every given field; shipping adds to the total; customer ids are taken in any case',
        examples: [
          {
            when: {
              create: {
                customer_id: ACME.toUpperCase(),
                lines: TWO_LINES,
                ...GIVEN_FIELDS,
                ...kit.givenFields,
              },
            },
            then: {
              events: [
                {
                  data: {
                    ...storedAsGiven({ ...GIVEN_FIELDS, ...kit.givenFields }),
                    totals: totals({ ...TWO_LINES_AMOUNTS, total: '73.1938' }),
                  },
                },
              ],
            },
          },
        ],
      },
      {
        it: 'stores blank optional text as none',
        examples: [
          {
            when: {
              create: {
                ...BASIC_INPUT,
                name: ' ',
                attention: '',
                purchase_order_number: null,
                public_note: null,
              },
            },
            then: {
              events: [
                { data: { name: null, attention: null, purchase_order_number: '', public_note: null } },
              ],
            },
          },
        ],
      },
      ...['status_id', 'total', 'created_at', 'salesperson_id', 'account_id', 'foo', ...kit.unsupported].map(
        (key) => ({
          it: `refuses ${key} as protected or unknown: 422 ${unsupported}`,
          examples: [{ when: { create: { ...BASIC_INPUT, [key]: 1 } }, then: refused(key, unsupported) }],
        }),
      ),
      ...(
        [
          ['name', 7],
          ['issue_date', '2030-02-30'],
          ['purchase_order_number', 5],
          ['shipping_fee', -1],
          ['shipping_fee', '1.23456'],
          ['shipping_cost', -0.5],
          ['discount_percent', 100.5],
          ['discount_percent', -1],
          ['discount_percent', '1.2345'],
          ['custom_field_values', { value: 1 }],
          ...kit.invalid,
        ] as [string, unknown][]
      ).map(([param, value]) => ({
        it: `refuses ${param} = ${JSON.stringify(value)}, naming it`,
        examples: [{ when: { create: { ...BASIC_INPUT, [param]: value } }, then: refused(param) }],
      })),
      {
        it: `refuses to create the same ${kit.noun} twice`,
        examples: [{ when: { create: BASIC_INPUT, given: [created()] }, then: { refused: alreadyExists } }],
      },
    ],
    update: [
      {
        it: 'records only the given fields that change',
        examples: [
          {
            when: {
              update: {
                name: 'Spring',
                attention: null,
                purchase_order_number: '',
                payment_terms: 'Due on receipt',
              },
            },
            then: { exactly: [updated({ changes: { name: 'Spring' } })] },
          },
        ],
      },
      {
        it: 'appends nothing when nothing changes',
        examples: [
          { when: { update: {} }, then: { exactly: [] } },
          {
            when: {
              update: {
                ...sameCustomer(ACME.toUpperCase()),
                name: '',
                discount_percent: 0,
                shipping_fee: '0',
                custom_field_values: [],
              },
            },
            then: { exactly: [] },
          },
          {
            when: { update: { ...sameCustomer(ACME), shipping_fee: '0', custom_field_values: [] } },
            then: { exactly: [] },
          },
        ],
      },
      {
        it: 'appends nothing for the same lines given back, even if the customer’s rates changed since',
        examples: [
          {
            when: {
              update: { lines: [{ id: lineId(1) }, { id: lineId(2) }] },
              context: withAcmeRate('20.000'),
            },
            then: { exactly: [] },
          },
        ],
      },
      {
        it: 'records new totals, and no lines, when the shipping fee changes',
        examples: [
          {
            when: { update: { shipping_fee: 10 } },
            then: {
              exactly: [
                updated({
                  changes: { shipping_fee: '10.0000' },
                  totals: totals({ ...TWO_LINES_AMOUNTS, total: '78.1938' }),
                }),
              ],
            },
          },
        ],
      },
      {
        it: 'refuses invalid values, unsupported fields and shipping_cost without the unit-cost permission',
        examples: [
          { when: { update: { discount_percent: 101 } }, then: refused('discount_percent') },
          ...['status_id', ...kit.protectedOnUpdate].map((key) => ({
            when: { update: { [key]: 7 } },
            then: refused(key, unsupported),
          })),
          {
            when: { update: { shipping_cost: 1 }, context: { mayViewCosts: false } },
            then: { refused: permissionDenied },
          },
          {
            when: { update: { custom_field_values: [{ custom_field_id: NOBODY, value: 'x' }] } },
            then: refused('custom_field_values.0.custom_field_id'),
          },
        ],
      },
      {
        it: 'replaces the custom field values as a whole',
        examples: [
          {
            when: {
              update: { custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }] },
              given: [base],
            },
            then: {
              events: [
                { data: { changes: { custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }] } } },
              ],
            },
          },
          {
            when: {
              update: { custom_field_values: [{ custom_field_id: FIELD_B, value: 'y' }] },
              given: [base, ...withFieldA],
            },
            then: {
              events: [
                { data: { changes: { custom_field_values: [{ custom_field_id: FIELD_B, value: 'y' }] } } },
              ],
            },
          },
        ],
      },
    ],
    'update › lines': [
      {
        it: 'replace the set: a kept id keeps its snapshot and price, no id adds, an omitted line goes',
        examples: [
          {
            when: {
              update: {
                lines: [
                  { id: lineId(1), quantity: 3 },
                  { name: 'Travel', unit_price: 10 },
                ],
              },
              context: withPrice('15.0000'),
            },
            then: {
              events: [
                {
                  type: kit.updatedType,
                  data: {
                    changes: {},
                    lines: [
                      {
                        id: lineId(1),
                        position: 0,
                        item_id: WIDGET,
                        name: 'Widget',
                        quantity: '3',
                        unit_price: '12.5000',
                        subtotal: '37.5000',
                        tax: '3.3281',
                        tax_2: '0.5625',
                      },
                      {
                        id: addedLineId(1),
                        position: 1,
                        line_type: 'service',
                        name: 'Travel',
                        unit_price: '10.0000',
                        subtotal: '10.0000',
                        tax_rate: '8.875',
                        tax_2_rate: '1.500',
                        total: '11.0375',
                      },
                    ],
                    totals: {
                      pre_discount_subtotal: '47.5000',
                      discount: '0.0000',
                      subtotal: '47.5000',
                      tax: '4.2156',
                      tax_2: '0.7125',
                      total: '52.4281',
                    },
                    updated_at: LATER,
                  },
                },
              ],
            },
          },
          {
            when: {
              update: {
                lines: [
                  { id: lineId(1), quantity: 3 },
                  { name: 'Travel', unit_price: 10 },
                ],
              },
            },
            then: { record: { lines: [{ id: lineId(1) }, { id: addedLineId(1) }] } },
          },
        ],
      },
      {
        it: 'may change a kept line’s item: it then copies the new one',
        examples: [
          {
            when: { update: { lines: [{ id: lineId(1), item_id: PAINTING }] } },
            then: {
              events: [
                {
                  data: {
                    lines: [
                      {
                        id: lineId(1),
                        item_id: PAINTING,
                        name: 'Painting',
                        quantity: '1',
                        unit_price: '900.0000',
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
      {
        it: 'must be at least one',
        examples: [{ when: { update: { lines: [] } }, then: refused('lines') }],
      },
      {
        it: `refuses an id that is not a line of this ${kit.noun}`,
        examples: [
          {
            when: { update: { lines: [{ id: lineId(1) }, { id: addedLineId(9) }] } },
            then: refused('lines.1.id'),
          },
        ],
      },
      {
        it: 'refuses a line id given twice, in any case',
        examples: [lineId(1), lineId(1).toUpperCase()].map((again) => ({
          when: { update: { lines: [{ id: lineId(1) }, { id: again, quantity: 2 }] } },
          then: refused('lines.1.id'),
        })),
      },
      {
        it: 'refuses the generated discount line: the discount comes from discount_percent',
        examples: [
          {
            when: { update: { lines: [{ id: lineId(1) }, { id: lineId(3) }] }, given: [withTenPercentOff()] },
            then: refused('lines.1.id'),
          },
        ],
      },
      {
        it: 'keep the discount line, recalculated under its id, while the discount stays',
        examples: [
          {
            when: { update: { lines: [{ id: lineId(1) }] }, given: [withTenPercentOff()] },
            then: {
              events: [
                {
                  data: {
                    changes: {},
                    lines: [
                      { id: lineId(1), position: 0 },
                      { id: lineId(3), position: 1, line_type: 'discount', subtotal: '-2.5000' },
                    ],
                    totals: { pre_discount_subtotal: '25.0000', discount: '-2.5000', subtotal: '22.5000' },
                  },
                },
              ],
            },
          },
        ],
      },
    ],
    'update › the customer': !kit.changesCustomer
      ? []
      : [
          {
            it: 'cannot change without the complete lines, priced for the new customer',
            examples: [THEIRS, ...(kit.takesProspects ? [LEAD] : [])].map((customer_id) => ({
              when: { update: { customer_id } },
              then: refused('lines'),
            })),
          },
          {
            it: `must be an active customer${kit.takesProspects ? ' or prospect' : ''} the user can see`,
            examples: [
              ...[DORMANT, NOBODY, null, ...(kit.takesProspects ? [] : [LEAD])].map((customer_id) => ({
                when: { update: { customer_id, lines: [{ id: lineId(1) }] } },
                then: refused('customer_id'),
              })),
              {
                when: { update: { customer_id: THEIRS, lines: [{ id: lineId(1) }] }, context: confined },
                then: refused('customer_id'),
              },
            ],
          },
          {
            it: 'changes with the complete lines',
            examples: [
              {
                when: { update: { customer_id: THEIRS, lines: [{ id: lineId(1) }, { id: lineId(2) }] } },
                then: {
                  events: [
                    {
                      type: kit.updatedType,
                      data: { changes: { customer_id: THEIRS, customer_name: 'Umbrella' } },
                    },
                  ],
                },
              },
            ],
          },
          {
            it: 'given unchanged (in any case) needs no lines and changes nothing',
            examples: [
              {
                when: { update: { customer_id: ACME.toUpperCase(), name: 'Spring' } },
                then: { exactly: [updated({ changes: { name: 'Spring' } })] },
              },
            ],
          },
        ],
    'update › discount_percent': [
      {
        it: 'recalculates: the change, the lines with a new discount line, and the totals',
        examples: [
          {
            when: { update: { discount_percent: 10 } },
            then: {
              events: [
                {
                  type: kit.updatedType,
                  data: {
                    changes: { discount_percent: '10.000' },
                    lines: [
                      { id: lineId(1), line_type: 'inventory' },
                      { id: lineId(2), line_type: 'service' },
                      { id: addedLineId(1), line_type: 'discount' },
                    ],
                    updated_at: LATER,
                  },
                },
              ],
              totals: totals(TEN_PERCENT_OFF_AMOUNTS, '-6.8194'),
            },
          },
        ],
      },
      {
        it: 'changed keeps the discount line’s id',
        examples: [
          {
            when: { update: { discount_percent: 20 }, given: [withTenPercentOff()] },
            then: {
              events: [
                {
                  data: {
                    changes: { discount_percent: '20.000' },
                    lines: [
                      {},
                      {},
                      { id: lineId(3), line_type: 'discount', subtotal: '-13.0000', total: '-13.6388' },
                    ],
                    totals: { subtotal: '52.0000', total: '54.5550' },
                  },
                },
              ],
            },
          },
        ],
      },
      {
        it: 'set to zero removes the discount line; set again, the new one has a new id',
        examples: [
          {
            when: { update: { discount_percent: 0 }, given: [withTenPercentOff()] },
            then: {
              events: [{ data: { changes: { discount_percent: '0.000' } } }],
              totals: totals(TWO_LINES_AMOUNTS),
            },
          },
          {
            when: { update: { discount_percent: 0 }, given: [withTenPercentOff()] },
            then: { record: { lines: [{ id: lineId(1) }, { id: lineId(2) }] } },
          },
          {
            when: { update: { discount_percent: 5 }, given: [withTenPercentOff(), ...discountRemoved] },
            then: {
              record: {
                lines: [
                  { id: lineId(1), line_type: 'inventory' },
                  { id: lineId(2), line_type: 'service' },
                  { id: addedLineId(1), line_type: 'discount' },
                ],
              },
            },
          },
        ],
      },
    ],
  };
}

/** Runs the shared cases against one document type, a describe a group and a test a case. */
export function describeSalesDocumentCases<E>(kit: SalesDocumentKit<E>): void {
  for (const [group, cases] of Object.entries(salesDocumentCases(kit))) {
    if (cases.length === 0) continue;
    const run = () =>
      it.each(cases.map((entry) => [entry.it, entry] as const))('%s', (_name, entry) => {
        for (const { when, then } of entry.examples) expectThen(kit, when, then);
      });
    // 'create › lines' runs as describe('create', () => describe('lines', …)).
    const nested = group
      .split(' › ')
      .reduceRight<() => void>((inner, name) => () => describe(name, inner), run);
    nested();
  }
}

function expectThen<E>(kit: SalesDocumentKit<E>, when: When<E>, then: Then): void {
  const decision =
    'create' in when
      ? kit.create(when.create, when.context, when.given)
      : kit.update(when.update, when.context, when.given);
  if ('refused' in then) return void expect(decision).toMatchObject(then.refused);
  if ('exactly' in then) return void expect(decision).toEqual(then.exactly);
  if ('count' in then) return void expect(decision).toHaveLength(then.count);
  if (isDomainError(decision)) throw new Error(`expected events, got ${JSON.stringify(decision)}`);
  if ('record' in then) {
    const given = when.given ?? ('create' in when ? [] : [kit.created()]);
    return void expect(kit.recordAfter(...given, ...decision)).toMatchObject(then.record);
  }
  expect(decision).toMatchObject(then.events);
  if (then.totals) expect((decision[0] as { data: { totals: object } }).data.totals).toEqual(then.totals);
}
