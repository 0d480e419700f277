import {
  alreadyExists,
  basicCreation,
  conflictOf,
  GIVEN_FIELDS,
  labourLines,
  permissionDenied,
  refusal,
  REFUSED_CUSTOMERS,
  refusedLineSets,
  storedAsGiven,
  TEN_PERCENT_OFF_AMOUNTS,
  TWO_LINES_AMOUNTS,
} from '../testing/documents';
import {
  BLUE_SHIRT_AT_SHOP,
  ITEMS,
  PAINTING,
  RED_SHIRT_AT_SHOP,
  SHIRT,
  WIDGET,
} from '../document-lines/document-lines.fixture';
import { LATER, NOW, OTHER_ACCOUNT_ID, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { stateAfter } from '../testing/scenario';
import { estimateAggregate } from './estimate';
import {
  ACME,
  addedLineId,
  BASIC_INPUT,
  createCommand,
  created,
  CREATION_DAY,
  creationContext,
  decline,
  declined,
  deleted,
  DORMANT,
  estimate,
  ESTIMATE_NUMBER,
  estimateContext,
  FIELD_A,
  FIELD_B,
  folding,
  LEAD,
  lineId,
  NOBODY,
  recordAfter,
  remove,
  THEIRS,
  TODAY,
  TWO_LINES,
  update,
  updated,
} from './estimate.fixture';
import { EstimateCommand } from './commands';
import { expireEstimate } from './decide';
import { EstimateCreated, EstimateEvent } from './events';
import { dayIn } from '../shared/dates';
import { EstimateInput } from './fields';
import { estimateSummaryView, estimateView, EstimateViewer, previewView } from './view';

const create = (input: EstimateInput, context = creationContext()) =>
  estimate.given().when(createCommand(input), context);

/** The amounts of TWO_LINES at Acme's rates. */
const TWO_LINES_TOTALS = TWO_LINES_AMOUNTS;

/** The same with a 10 % discount. */
const TEN_PERCENT_OFF_TOTALS = TEN_PERCENT_OFF_AMOUNTS;

const withTenPercentOff = () => created({ ...BASIC_INPUT, discount_percent: 10 });

describe('Estimate', () => {
  it('streams as estimate-<id>', () => {
    expect(estimateAggregate.streamPrefix).toBe('estimate');
  });

  describe('create', () => {
    it("creates an open estimate for the user: customer copied, lines calculated, the day's defaults", () => {
      expect(create(BASIC_INPUT)).toEqual([
        {
          type: 'EstimateCreated',
          data: {
            ...basicCreation(),
            id: RECORD_ID,
            estimate_number: ESTIMATE_NUMBER,
            status_id: 5,
            expiry_date: '2030-02-14',
            custom_estimate_number: null,
            totals: TWO_LINES_TOTALS,
          },
        },
      ]);
    });

    it('keeps every given field; shipping adds to the total; customer ids are taken in any case', () => {
      const given = {
        ...GIVEN_FIELDS,
        name: 'Spring fit-out',
        expiry_date: '2030-02-20',
        custom_estimate_number: 'Q-'.padEnd(24, '7'),
      };
      expect(create({ customer_id: ACME.toUpperCase(), lines: TWO_LINES, ...given })).toMatchObject([
        {
          data: { ...storedAsGiven(given), totals: { ...TWO_LINES_TOTALS, total: '73.1938' } },
        },
      ]);
    });

    it('stores blank optional text as none', () => {
      const input = {
        ...BASIC_INPUT,
        name: ' ',
        attention: '',
        purchase_order_number: null,
        public_note: null,
      };
      expect(create(input)).toMatchObject([
        { data: { name: null, attention: null, purchase_order_number: '', public_note: null } },
      ]);
    });

    describe('dates', () => {
      it('issues today by default, and expires the account’s expiry days after the issue date', () => {
        expect(
          create(BASIC_INPUT, creationContext({ today: '2030-12-20', estimateExpiryDays: 14 })),
        ).toMatchObject([{ data: { issue_date: '2030-12-20', expiry_date: '2031-01-03' } }]);
        expect(create({ ...BASIC_INPUT, issue_date: '2030-03-01' })).toMatchObject([
          { data: { issue_date: '2030-03-01', expiry_date: '2030-03-31' } },
        ]);
      });

      it('refuses an expiry date before the issue date, given or defaulted', () => {
        const early = { ...BASIC_INPUT, issue_date: '2030-03-01', expiry_date: '2030-02-28' };
        expect(create(early)).toMatchObject(refusal('expiry_date'));
        expect(create({ ...BASIC_INPUT, expiry_date: '2030-01-14' })).toMatchObject(refusal('expiry_date'));
        expect(create({ ...BASIC_INPUT, expiry_date: '2030-01-15' })).toMatchObject([
          { data: { issue_date: '2030-01-15', expiry_date: '2030-01-15' } },
        ]);
      });

      it('takes dates already past: only an update must name a future expiry date', () => {
        const past = { ...BASIC_INPUT, issue_date: '2029-06-01', expiry_date: '2029-07-01' };
        expect(create(past)).toMatchObject([
          { data: { issue_date: '2029-06-01', expiry_date: '2029-07-01' } },
        ]);
      });
    });

    describe('payment terms', () => {
      it("are the account's default when none are given, not the customer's own (documents-api §4), else none", () => {
        // ACME's own terms are "Net 15"; the account's default is "Due on receipt".
        expect(create(BASIC_INPUT)).toMatchObject([{ data: { payment_terms: 'Due on receipt' } }]);
        expect(create({ customer_id: LEAD, lines: TWO_LINES })).toMatchObject([
          { data: { payment_terms: 'Due on receipt' } },
        ]);
        expect(create(BASIC_INPUT, creationContext({ defaultPaymentTerms: null }))).toMatchObject([
          { data: { payment_terms: null } },
        ]);
      });

      it('are the given ones when given', () => {
        expect(create({ ...BASIC_INPUT, payment_terms: 'Net 60' })).toMatchObject([
          { data: { payment_terms: 'Net 60' } },
        ]);
      });
    });

    describe('the customer', () => {
      it("may be a prospect: its name, kind and tax rates are the estimate's", () => {
        const [event] = create({ customer_id: LEAD, lines: TWO_LINES }) as EstimateCreated[];
        expect(event.data).toMatchObject({
          customer_id: LEAD,
          customer_name: 'Initech',
          customer_kind: 'prospect',
        });
        expect(event.data.lines.map((line) => [line.tax_rate, line.tax_2_rate])).toEqual([
          ['5.000', '0.000'],
          ['0.000', '0.000'],
        ]);
      });

      it.each([...REFUSED_CUSTOMERS, ['not a string', 7]])(
        'is refused when %s, naming customer_id',
        (_case, customerId) => {
          expect(create({ customer_id: customerId, lines: TWO_LINES })).toMatchObject(refusal('customer_id'));
        },
      );

      it('must be assigned to a user who cannot see every customer', () => {
        const confined = creationContext({ onlyCustomersAssignedTo: USER_ID });
        expect(create({ customer_id: THEIRS, lines: TWO_LINES }, confined)).toMatchObject(
          refusal('customer_id'),
        );
        expect(create({ customer_id: ACME, lines: TWO_LINES }, confined)).toHaveLength(1);
        expect(create({ customer_id: THEIRS, lines: TWO_LINES })).toHaveLength(1);
      });
    });

    describe('lines', () => {
      it.each(refusedLineSets(500))('are refused when %s, naming lines', (_case, lines) => {
        expect(create({ customer_id: ACME, lines })).toMatchObject(refusal('lines'));
      });

      it('may number 500, each with its own new id', () => {
        const lines = labourLines(500);
        const [event] = create({ customer_id: ACME, lines }) as EstimateCreated[];
        expect(event.data.lines).toHaveLength(500);
        expect(event.data.lines[499]).toMatchObject({ id: lineId(500), position: 499 });
      });

      it('cannot name an id: every line of a new estimate is new', () => {
        const lines = [{ id: lineId(1), name: 'Labour', unit_price: 1 }];
        expect(create({ customer_id: ACME, lines })).toMatchObject(refusal('lines.0.id'));
      });

      it('are refused naming the line and field at fault', () => {
        const unknownItem = [TWO_LINES[0], { item_id: NOBODY }];
        expect(create({ customer_id: ACME, lines: unknownItem })).toMatchObject(refusal('lines.1.item_id'));
        const unpriced = [{ name: 'Labour' }];
        expect(create({ customer_id: ACME, lines: unpriced })).toMatchObject(refusal('lines.0.unit_price'));
        const extra = [TWO_LINES[0], { name: 'Labour', unit_price: 1, position: 3 }];
        expect(create({ customer_id: ACME, lines: extra })).toMatchObject(
          refusal('lines.1.position', 'unsupported_estimate_field'),
        );
      });
    });

    describe('discount_percent', () => {
      it('above zero adds a generated discount line, last, with its own new id', () => {
        const [event] = create({ ...BASIC_INPUT, discount_percent: 10 }) as EstimateCreated[];
        expect(event.data.discount_percent).toBe('10.000');
        expect(event.data.lines.map((line) => [line.id, line.line_type, line.position])).toEqual([
          [lineId(1), 'inventory', 0],
          [lineId(2), 'service', 1],
          [lineId(3), 'discount', 2],
        ]);
        expect(event.data.lines[2]).toMatchObject({
          name: 'Discount',
          discount_percent: '10.000',
          subtotal: '-6.5000',
          tax: '-0.2219',
          tax_2: '-0.0975',
          total: '-6.8194',
        });
        expect(event.data.totals).toEqual(TEN_PERCENT_OFF_TOTALS);
      });

      it('of zero adds none', () => {
        const [event] = create({ ...BASIC_INPUT, discount_percent: '0' }) as EstimateCreated[];
        expect(event.data.lines.map((line) => line.line_type)).toEqual(['inventory', 'service']);
        expect(event.data.totals).toEqual(TWO_LINES_TOTALS);
      });
    });

    describe('shipping_cost', () => {
      it('needs the unit-cost permission: 403 permission_denied without it', () => {
        const noCosts = creationContext({ mayViewCosts: false });
        expect(create({ ...BASIC_INPUT, shipping_cost: 3 }, noCosts)).toMatchObject(permissionDenied);
        expect(create(BASIC_INPUT, noCosts)).toMatchObject([{ data: { shipping_cost: '0.0000' } }]);
      });
    });

    describe('custom_field_values', () => {
      it("keeps the account's fields in the given order, ids lower-cased, leaving blank values out", () => {
        const values = [
          { custom_field_id: FIELD_B.toUpperCase(), value: 'Blue' },
          { custom_field_id: FIELD_A, value: ' ' },
        ];
        expect(create({ ...BASIC_INPUT, custom_field_values: values })).toMatchObject([
          { data: { custom_field_values: [{ custom_field_id: FIELD_B, value: 'Blue' }] } },
        ]);
        const typed = [
          { custom_field_id: FIELD_A, value: 3 },
          { custom_field_id: FIELD_B, value: false },
        ];
        expect(create({ ...BASIC_INPUT, custom_field_values: typed })).toMatchObject([
          { data: { custom_field_values: typed } },
        ]);
      });

      it('refuses an id that is not one of the account’s estimate fields, naming it', () => {
        const values = [
          { custom_field_id: FIELD_A, value: 'x' },
          { custom_field_id: NOBODY, value: 'y' },
        ];
        expect(create({ ...BASIC_INPUT, custom_field_values: values })).toMatchObject(
          refusal('custom_field_values.1.custom_field_id'),
        );
      });
    });

    it.each(['estimate_number', 'status_id', 'total', 'created_at', 'salesperson_id', 'account_id', 'foo'])(
      'refuses %s as unsupported, naming it',
      (key) => {
        expect(create({ ...BASIC_INPUT, [key]: 1 })).toMatchObject(
          refusal(key, 'unsupported_estimate_field'),
        );
      },
    );

    it.each([
      ['name', 7],
      ['issue_date', '2030-02-30'],
      ['expiry_date', 'soon'],
      ['custom_estimate_number', 'x'.repeat(25)],
      ['purchase_order_number', 5],
      ['shipping_fee', -1],
      ['shipping_fee', '1.23456'],
      ['shipping_cost', -0.5],
      ['discount_percent', 100.5],
      ['discount_percent', -1],
      ['discount_percent', '1.2345'],
      ['custom_field_values', { value: 1 }],
    ])('refuses %s = %p, naming it', (param, value) => {
      expect(create({ ...BASIC_INPUT, [param]: value })).toMatchObject(refusal(param));
    });

    it('refuses to create the same estimate twice', () => {
      expect(estimate.given(created()).when(createCommand(BASIC_INPUT), creationContext())).toMatchObject(
        alreadyExists,
      );
    });
  });

  describe('update', () => {
    const base = created();
    const patch = (input: EstimateInput, context = estimateContext(), given: EstimateEvent[] = [base]) =>
      estimate.given(...given).when(update(input), context);

    it('records only the given fields that change', () => {
      expect(
        patch({
          name: 'Spring',
          attention: null,
          purchase_order_number: '',
          payment_terms: 'Due on receipt',
        }),
      ).toEqual([{ type: 'EstimateUpdated', data: { changes: { name: 'Spring' }, updated_at: LATER } }]);
    });

    it('appends nothing when nothing changes', () => {
      expect(patch({})).toEqual([]);
      expect(
        patch({
          customer_id: ACME.toUpperCase(),
          name: '',
          discount_percent: 0,
          shipping_fee: '0',
          custom_field_values: [],
        }),
      ).toEqual([]);
    });

    it('appends nothing for the same lines given back, even if the customer’s rates changed since', () => {
      const customers = new Map(estimateContext().customers);
      customers.set(ACME, { ...customers.get(ACME)!, tax_rate: '20.000' });
      expect(
        patch({ lines: [{ id: lineId(1) }, { id: lineId(2) }] }, estimateContext({ customers })),
      ).toEqual([]);
    });

    it('records new totals, and no lines, when the shipping fee changes', () => {
      expect(patch({ shipping_fee: 10 })).toEqual([
        {
          type: 'EstimateUpdated',
          data: {
            changes: { shipping_fee: '10.0000' },
            totals: { ...TWO_LINES_TOTALS, total: '78.1938' },
            updated_at: LATER,
          },
        },
      ]);
    });

    it('refuses invalid values, unsupported fields and shipping_cost without the unit-cost permission', () => {
      expect(patch({ discount_percent: 101 })).toMatchObject(refusal('discount_percent'));
      expect(patch({ status_id: 7 } as EstimateInput)).toMatchObject(
        refusal('status_id', 'unsupported_estimate_field'),
      );
      expect(patch({ estimate_number: 2 } as EstimateInput)).toMatchObject(
        refusal('estimate_number', 'unsupported_estimate_field'),
      );
      expect(patch({ shipping_cost: 1 }, estimateContext({ mayViewCosts: false }))).toMatchObject(
        permissionDenied,
      );
      expect(patch({ custom_field_values: [{ custom_field_id: NOBODY, value: 'x' }] })).toMatchObject(
        refusal('custom_field_values.0.custom_field_id'),
      );
    });

    it('replaces the custom field values as a whole', () => {
      const withA = updated([base], { custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }] });
      expect(withA).toMatchObject([
        { data: { changes: { custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }] } } },
      ]);
      expect(
        patch({ custom_field_values: [{ custom_field_id: FIELD_B, value: 'y' }] }, estimateContext(), [
          base,
          ...withA,
        ]),
      ).toMatchObject([
        { data: { changes: { custom_field_values: [{ custom_field_id: FIELD_B, value: 'y' }] } } },
      ]);
    });

    describe('lines', () => {
      it('replace the set: a kept id keeps its snapshot and price, no id adds, an omitted line goes', () => {
        const repriced = { ...ITEMS[0], name: 'Widget v2', price: '15.0000' };
        const context = estimateContext({
          lines: { ...estimateContext().lines, items: new Map([[WIDGET, repriced]]) },
        });
        const decision = patch(
          {
            lines: [
              { id: lineId(1), quantity: 3 },
              { name: 'Travel', unit_price: 10 },
            ],
          },
          context,
        );
        expect(decision).toMatchObject([
          {
            type: 'EstimateUpdated',
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
        ]);
        expect((decision as EstimateEvent[])[0]).toMatchObject({ data: { lines: { length: 2 } } });
      });

      it('may change a kept line’s item: it then copies the new one', () => {
        expect(patch({ lines: [{ id: lineId(1), item_id: PAINTING }] })).toMatchObject([
          {
            data: {
              lines: [
                { id: lineId(1), item_id: PAINTING, name: 'Painting', quantity: '1', unit_price: '900.0000' },
              ],
            },
          },
        ]);
      });

      it('must be at least one', () => {
        expect(patch({ lines: [] })).toMatchObject(refusal('lines'));
      });

      it('refuses an id that is not a line of this estimate', () => {
        expect(patch({ lines: [{ id: lineId(1) }, { id: addedLineId(9) }] })).toMatchObject(
          refusal('lines.1.id'),
        );
      });

      it('refuses a line id given twice', () => {
        expect(
          patch({ lines: [{ id: lineId(1) }, { id: lineId(1).toUpperCase(), quantity: 2 }] }),
        ).toMatchObject(refusal('lines.1.id'));
      });

      it('refuses the generated discount line: the discount comes from discount_percent', () => {
        const given = [withTenPercentOff()];
        expect(
          patch({ lines: [{ id: lineId(1) }, { id: lineId(3) }] }, estimateContext(), given),
        ).toMatchObject(refusal('lines.1.id'));
      });

      it('keep the discount line, recalculated under its id, while the discount stays', () => {
        const given = [withTenPercentOff()];
        expect(patch({ lines: [{ id: lineId(1) }] }, estimateContext(), given)).toMatchObject([
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
        ]);
      });
    });

    describe('the customer', () => {
      it('cannot change without the complete lines, priced for the new customer', () => {
        expect(patch({ customer_id: LEAD })).toMatchObject(refusal('lines'));
      });

      it('must be an active customer or prospect the user can see', () => {
        const lines = [{ id: lineId(1) }];
        expect(patch({ customer_id: DORMANT, lines })).toMatchObject(refusal('customer_id'));
        expect(patch({ customer_id: NOBODY, lines })).toMatchObject(refusal('customer_id'));
        expect(patch({ customer_id: null, lines })).toMatchObject(refusal('customer_id'));
        const confined = estimateContext({ onlyCustomersAssignedTo: USER_ID });
        expect(patch({ customer_id: THEIRS, lines }, confined)).toMatchObject(refusal('customer_id'));
      });

      it("changes with the lines: kept lines without a given rate take the new customer's rates", () => {
        const lines = [{ id: lineId(1) }, { id: lineId(2), tax_rate: 2 }, { name: 'Travel', unit_price: 10 }];
        const decision = patch({ customer_id: LEAD, lines }) as EstimateEvent[];
        expect(decision).toMatchObject([
          {
            type: 'EstimateUpdated',
            data: {
              changes: { customer_id: LEAD, customer_name: 'Initech', customer_kind: 'prospect' },
              totals: { subtotal: '75.0000', tax: '2.5500', tax_2: '0.0000', total: '77.5500' },
              updated_at: LATER,
            },
          },
        ]);
        const data = (decision[0] as Extract<EstimateEvent, { type: 'EstimateUpdated' }>).data;
        expect(data.changes).toEqual({
          customer_id: LEAD,
          customer_name: 'Initech',
          customer_kind: 'prospect',
        });
        expect(data.lines!.map((line) => [line.id, line.tax_rate, line.tax_2_rate])).toEqual([
          [lineId(1), '5.000', '0.000'],
          [lineId(2), '2.000', '0.000'],
          [addedLineId(1), '5.000', '0.000'],
        ]);
      });

      it('given unchanged (in any case) needs no lines and changes nothing', () => {
        expect(patch({ customer_id: ACME.toUpperCase(), name: 'Spring' })).toEqual([
          { type: 'EstimateUpdated', data: { changes: { name: 'Spring' }, updated_at: LATER } },
        ]);
      });
    });

    describe('discount_percent', () => {
      it('recalculates: the change, the lines with a new discount line, and the totals', () => {
        const [event] = patch({ discount_percent: 10 }) as EstimateEvent[];
        expect(event).toMatchObject({
          type: 'EstimateUpdated',
          data: {
            changes: { discount_percent: '10.000' },
            totals: TEN_PERCENT_OFF_TOTALS,
            updated_at: LATER,
          },
        });
        const data = (event as Extract<EstimateEvent, { type: 'EstimateUpdated' }>).data;
        expect(data.lines!.map((line) => [line.id, line.line_type])).toEqual([
          [lineId(1), 'inventory'],
          [lineId(2), 'service'],
          [addedLineId(1), 'discount'],
        ]);
      });

      it('changed keeps the discount line’s id', () => {
        expect(patch({ discount_percent: 20 }, estimateContext(), [withTenPercentOff()])).toMatchObject([
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
        ]);
      });

      it('set to zero removes the discount line; set again, the new one has a new id', () => {
        const first = withTenPercentOff();
        const removed = updated([first], { discount_percent: 0 });
        expect(removed).toMatchObject([
          { data: { changes: { discount_percent: '0.000' }, totals: TWO_LINES_TOTALS } },
        ]);
        expect(recordAfter(first, ...removed).lines.map((line) => line.id)).toEqual([lineId(1), lineId(2)]);
        const again = patch({ discount_percent: 5 }, estimateContext(), [
          first,
          ...removed,
        ]) as EstimateEvent[];
        const lines = recordAfter(first, ...removed, ...again).lines;
        expect(lines.map((line) => [line.id, line.line_type])).toEqual([
          [lineId(1), 'inventory'],
          [lineId(2), 'service'],
          [addedLineId(1), 'discount'],
        ]);
      });
    });

    describe('dates', () => {
      it('refuses an expiry date in the past; today or later is taken', () => {
        expect(patch({ expiry_date: '2030-01-15' })).toMatchObject(refusal('expiry_date'));
        expect(patch({ expiry_date: TODAY })).toMatchObject([{ data: { changes: { expiry_date: TODAY } } }]);
        expect(patch({ expiry_date: '2030-06-30' })).toMatchObject([
          { data: { changes: { expiry_date: '2030-06-30' } } },
        ]);
      });

      it('refuses an issue date moved past the expiry date, unless the expiry date moves too', () => {
        expect(patch({ issue_date: '2030-03-01' })).toMatchObject(refusal('issue_date'));
        expect(patch({ issue_date: '2030-03-01', expiry_date: '2030-02-28' })).toMatchObject(
          refusal('expiry_date'),
        );
        expect(patch({ issue_date: '2030-03-01', expiry_date: '2030-03-15' })).toMatchObject([
          { data: { changes: { issue_date: '2030-03-01', expiry_date: '2030-03-15' } } },
        ]);
      });

      it('takes an estimate expiring today, its expiry date sent back unchanged (a whole-estimate PATCH)', () => {
        const lastDay = created({ ...BASIC_INPUT, expiry_date: TODAY });
        expect(patch({ name: 'Old', expiry_date: TODAY }, estimateContext(), [lastDay])).toMatchObject([
          { data: { changes: { name: 'Old' } } },
        ]);
      });

      it('refuses an estimate whose expiry date has passed, expiry recorded or not: 409 estimate_update_not_allowed', () => {
        const old = created({ ...BASIC_INPUT, issue_date: '2029-11-01' });
        expect(patch({ name: 'Old' }, estimateContext(), [old])).toMatchObject(
          conflictOf('estimate_update_not_allowed'),
        );
      });
    });

    it('refuses a declined estimate: 409 estimate_update_not_allowed', () => {
      expect(patch({ name: 'Spring' }, estimateContext(), [base, declined])).toMatchObject(
        conflictOf('estimate_update_not_allowed'),
      );
    });

    it("answers 404 for another account's, an absent, a deleted or another salesperson's estimate", () => {
      const rename = { name: 'Spring' };
      expect(patch(rename, estimateContext({ accountId: OTHER_ACCOUNT_ID }))).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      expect(patch(rename, estimateContext(), [])).toMatchObject({ status: 404 });
      expect(patch(rename, estimateContext(), [base, deleted])).toMatchObject({ status: 404 });
      const ownOnly = (userId: string) => estimateContext({ onlyOwnDocuments: true, userId });
      expect(patch(rename, ownOnly(OTHER_USER_ID))).toMatchObject({ status: 404 });
      expect(patch(rename, ownOnly(USER_ID))).toHaveLength(1);
      expect(patch(rename, estimateContext({ userId: OTHER_USER_ID }))).toHaveLength(1);
    });
  });

  describe('decline', () => {
    const base = created();

    it('declines an open estimate', () => {
      expect(estimate.given(base).when(decline, estimateContext())).toEqual([
        { type: 'EstimateDeclined', data: { status_id: 7, declined_at: LATER } },
      ]);
    });

    it('appends nothing when repeated on a declined estimate', () => {
      expect(estimate.given(base, declined).when(decline, estimateContext())).toEqual([]);
    });

    it('refuses a closed estimate: 409 estimate_decline_not_allowed', () => {
      const closed: EstimateCreated = { ...base, data: { ...base.data, status_id: 6 } };
      expect(estimate.given(closed).when(decline, estimateContext())).toMatchObject({
        status: 409,
        code: 'estimate_decline_not_allowed',
      });
    });

    it("answers 404 for a deleted, an absent, another account's or another salesperson's estimate", () => {
      expect(estimate.given(base, deleted).when(decline, estimateContext())).toMatchObject({ status: 404 });
      expect(estimate.given().when(decline, estimateContext())).toMatchObject({ status: 404 });
      const elsewhere = estimateContext({ accountId: OTHER_ACCOUNT_ID });
      expect(estimate.given(base).when(decline, elsewhere)).toMatchObject({ status: 404 });
      const notOwn = estimateContext({ onlyOwnDocuments: true, userId: OTHER_USER_ID });
      expect(estimate.given(base).when(decline, notOwn)).toMatchObject({ status: 404 });
    });
  });

  describe('expire', () => {
    const expire: EstimateCommand = { type: 'ExpireEstimate' };
    /** Created on CREATION_DAY, valid through it: it expires the day after. */
    const lastDayToday = created({ ...BASIC_INPUT, expiry_date: CREATION_DAY });
    const expiredEvent: EstimateEvent = {
      type: 'EstimateExpired',
      data: { status_id: 8, expiry_date: CREATION_DAY, expired_at: LATER },
    };

    it('expires an open estimate the day after its expiry date', () => {
      expect(estimate.given(lastDayToday).when(expire, estimateContext())).toEqual([expiredEvent]);
    });

    it('leaves an estimate alone on its expiry date, and one already expired, declined or converted', () => {
      const onTheDay = estimateContext({ today: CREATION_DAY });
      expect(estimate.given(lastDayToday).when(expire, onTheDay)).toEqual([]);
      expect(estimate.given(lastDayToday, expiredEvent).when(expire, estimateContext())).toEqual([]);
      expect(estimate.given(lastDayToday, declined).when(expire, estimateContext())).toEqual([]);
    });

    it("decides on the account's day in its time zone, not the UTC date", () => {
      // 12:00 UTC on the expiry date is already the next day in Auckland (UTC+13 in January)…
      const noonUtc = '2030-01-15T12:00:00.000Z';
      const auckland = { now: noonUtc, today: dayIn('Pacific/Auckland', noonUtc) };
      expect(estimate.given(lastDayToday).when(expire, estimateContext(auckland))).toEqual([
        { ...expiredEvent, data: { ...expiredEvent.data, expired_at: noonUtc } },
      ]);
      expect(
        expireEstimate(stateAfter(folding, [lastDayToday]), { now: noonUtc, today: dayIn('UTC', noonUtc) }),
      ).toEqual([]);
      // … and 05:00 UTC the day after is still the expiry date in Los Angeles (UTC-8).
      const earlyUtc = '2030-01-16T05:00:00.000Z';
      const losAngeles = { now: earlyUtc, today: dayIn('America/Los_Angeles', earlyUtc) };
      expect(estimate.given(lastDayToday).when(expire, estimateContext(losAngeles))).toEqual([]);
    });

    it('shows an expired estimate as Expired and refuses every change with the specified codes', () => {
      const given = [lastDayToday, expiredEvent];
      expect(
        estimateSummaryView(recordAfter(...given), 1, { mayModify: true, showCost: true }),
      ).toMatchObject({
        status_id: 8,
        status: 'Expired',
        can_edit: false,
        edit_block_reason: 'estimate_not_open',
      });
      const refusals: [EstimateCommand, string][] = [
        [update({ name: 'Later' }), 'estimate_update_not_allowed'],
        [decline, 'estimate_decline_not_allowed'],
        [remove, 'estimate_delete_not_allowed'],
        [
          { type: 'ConvertEstimate', target: 'invoice', document_id: RECORD_ID, input: {} },
          'estimate_conversion_not_allowed',
        ],
        [
          { type: 'ConvertEstimate', target: 'sales_order', document_id: RECORD_ID, input: {} },
          'estimate_sales_order_conversion_not_allowed',
        ],
      ];
      for (const [command, code] of refusals) {
        expect(estimate.given(...given).when(command, estimateContext())).toMatchObject(conflictOf(code));
        // The same before the expiry is recorded: past its date an estimate is no longer open.
        expect(estimate.given(lastDayToday).when(command, estimateContext())).toMatchObject(conflictOf(code));
      }
    });

    it("answers 404 for another account's estimate", () => {
      const elsewhere = estimateContext({ accountId: OTHER_ACCOUNT_ID });
      expect(estimate.given(lastDayToday).when(expire, elsewhere)).toMatchObject({ status: 404 });
    });
  });

  describe('delete', () => {
    const base = created();

    it('deletes an open estimate; it then answers 404 to every command', () => {
      expect(estimate.given(base).when(remove, estimateContext())).toEqual([
        { type: 'EstimateDeleted', data: { deleted_at: LATER } },
      ]);
      expect(stateAfter(folding, [base, deleted]).status).toBe('deleted');
      expect(estimate.given(base, deleted).when(remove, estimateContext())).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
    });

    it('refuses a declined estimate: 409 estimate_delete_not_allowed', () => {
      expect(estimate.given(base, declined).when(remove, estimateContext())).toMatchObject(
        conflictOf('estimate_delete_not_allowed'),
      );
    });

    it("answers 404 for another salesperson's estimate to a user who sees only their own", () => {
      const notOwn = estimateContext({ onlyOwnDocuments: true, userId: OTHER_USER_ID });
      expect(estimate.given(base).when(remove, notOwn)).toMatchObject({ status: 404 });
    });
  });

  describe('evolve', () => {
    const base = created();

    it('after creation: the created data, updated when created', () => {
      expect(stateAfter(folding, [base])).toEqual({
        status: 'live',
        record: { ...base.data, updated_at: NOW },
      });
    });

    it('after an update: the changes, and the lines and totals when recorded', () => {
      const renamed = updated([base], { name: 'Spring' });
      const renamedRecord = recordAfter(base, ...renamed);
      expect(renamedRecord).toEqual({ ...base.data, name: 'Spring', updated_at: LATER });
      const relined = updated([base], { lines: [{ id: lineId(2) }], customer_id: LEAD });
      const record = recordAfter(base, ...relined);
      expect(record).toMatchObject({
        customer_id: LEAD,
        customer_name: 'Initech',
        customer_kind: 'prospect',
        created_at: NOW,
        updated_at: LATER,
      });
      expect(record.lines.map((line) => line.id)).toEqual([lineId(2)]);
      expect(record.totals).toEqual({
        pre_discount_subtotal: '40.0000',
        discount: '0.0000',
        subtotal: '40.0000',
        tax: '2.0000',
        tax_2: '0.0000',
        total: '42.0000',
      });
    });

    it('after a decline: declined, lines kept, updated when declined', () => {
      expect(recordAfter(base, declined)).toEqual({ ...base.data, status_id: 7, updated_at: LATER });
    });

    it('after a deletion: deleted, keeping its last data for the history', () => {
      expect(stateAfter(folding, [base, deleted])).toEqual({
        status: 'deleted',
        record: { ...base.data, updated_at: NOW },
      });
    });
  });

  describe('view', () => {
    const full = created({
      ...BASIC_INPUT,
      name: 'Spring fit-out',
      shipping_fee: 5,
      shipping_cost: 2.5,
      discount_percent: 10,
      custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }],
    });
    const everything = { mayModify: true, showCost: true };

    it('renders the API shape in the specified field order', () => {
      const view = estimateView(recordAfter(full), 0, everything);
      expect(Object.keys(view)).toEqual([
        'id',
        'object',
        'estimate_number',
        'custom_estimate_number',
        'name',
        'customer_id',
        'customer_name',
        'customer_kind',
        'salesperson_id',
        'status_id',
        'status',
        'issue_date',
        'expiry_date',
        'date_sent',
        'purchase_order_number',
        'attention',
        'shipping_address',
        'public_note',
        'payment_terms',
        'subtotal',
        'shipping_fee',
        'shipping_cost',
        'tax',
        'tax_2',
        'total',
        'discount_percent',
        'pre_discount_subtotal',
        'discount',
        'can_edit',
        'edit_block_reason',
        'revision',
        'custom_field_values',
        'created_at',
        'updated_at',
        'lines',
      ]);
      const { lines, ...rest } = view;
      expect(rest).toEqual({
        id: RECORD_ID,
        object: 'estimate',
        estimate_number: ESTIMATE_NUMBER,
        custom_estimate_number: null,
        name: 'Spring fit-out',
        customer_id: ACME,
        customer_name: 'Acme',
        customer_kind: 'customer',
        salesperson_id: USER_ID,
        status_id: 5,
        status: 'Open',
        issue_date: '2030-01-15',
        expiry_date: '2030-02-14',
        date_sent: null,
        purchase_order_number: '',
        attention: null,
        shipping_address: null,
        public_note: null,
        payment_terms: 'Due on receipt',
        subtotal: '58.5000',
        shipping_fee: '5.0000',
        shipping_cost: '2.5000',
        tax: '1.9969',
        tax_2: '0.8775',
        total: '66.3744',
        discount_percent: '10.000',
        pre_discount_subtotal: '65.0000',
        discount: '-6.5000',
        can_edit: true,
        edit_block_reason: null,
        revision: '0',
        custom_field_values: [{ custom_field_id: FIELD_A, value: 'x' }],
        created_at: NOW,
        updated_at: NOW,
      });
      expect(lines!.map((line) => [line.object, line.id, line.position, line.line_type])).toEqual([
        ['estimate_line', lineId(1), 0, 'inventory'],
        ['estimate_line', lineId(2), 1, 'service'],
        ['estimate_line', lineId(3), 2, 'discount'],
      ]);
      expect(lines![0]).toMatchObject({
        quantity: 2,
        unit_price: '12.5000',
        unit_cost: '7.2500',
        total_cost: '14.5000',
      });
    });

    it('renders money with four decimals and rates with three, whatever the stored spelling', () => {
      const record = recordAfter(full);
      const loose = {
        ...record,
        shipping_fee: '5',
        shipping_cost: '2.5',
        discount_percent: '10',
        totals: {
          pre_discount_subtotal: '65',
          discount: '-6.5',
          subtotal: '58.5',
          tax: '2',
          tax_2: '0.87',
          total: '66',
        },
      };
      expect(estimateSummaryView(loose, 3, everything)).toMatchObject({
        shipping_fee: '5.0000',
        shipping_cost: '2.5000',
        discount_percent: '10.000',
        pre_discount_subtotal: '65.0000',
        discount: '-6.5000',
        subtotal: '58.5000',
        tax: '2.0000',
        tax_2: '0.8700',
        total: '66.0000',
        revision: '3',
      });
    });

    it.each([
      ['open, with estimates.modify', [], true, true, null],
      ['open, without estimates.modify', [], false, false, 'permission_denied'],
      ['declined, with estimates.modify', [declined], true, false, 'estimate_not_open'],
      ['declined, without estimates.modify', [declined], false, false, 'estimate_not_open'],
    ] as const)('tells whether it can be edited: %s', (_case, after, mayModify, canEdit, reason) => {
      const view = estimateSummaryView(recordAfter(full, ...after), 1, { mayModify, showCost: true });
      expect(view).toMatchObject({ can_edit: canEdit, edit_block_reason: reason });
    });

    it('shows a declined estimate as Declined', () => {
      expect(estimateSummaryView(recordAfter(full, declined), 1, everything)).toMatchObject({
        status_id: 7,
        status: 'Declined',
        updated_at: LATER,
      });
    });

    it('leaves out shipping_cost and the lines’ unit and total costs without the unit-cost permission', () => {
      const view = estimateView(recordAfter(full), 0, { mayModify: true, showCost: false });
      expect(view).not.toHaveProperty('shipping_cost');
      for (const line of view.lines!) {
        expect(line).not.toHaveProperty('unit_cost');
        expect(line).not.toHaveProperty('total_cost');
      }
    });

    it("shows each item line with its item's current thumbnail", () => {
      const thumbnails = new Map([[WIDGET, 'https://cdn.test/widget.jpg']]);
      const view = estimateView(recordAfter(full), 0, { ...everything, thumbnails });
      expect(view.lines!.map((line) => line.thumbnail_url)).toEqual([
        'https://cdn.test/widget.jpg',
        null,
        null,
      ]);
    });

    it("shows each item line's current SKU: its variation's own, else its item's (null once gone); a line without an item keeps its own", () => {
      const lines = [
        { item_id: WIDGET, quantity: 1 },
        { item_id: SHIRT, item_variation_location_id: RED_SHIRT_AT_SHOP },
        { item_id: SHIRT, item_variation_location_id: BLUE_SHIRT_AT_SHOP },
        { name: 'Fitting', unit_price: 10 },
      ];
      const record = recordAfter(created({ customer_id: ACME, lines }));
      const stored = ['WID-1', 'SHIRT-RED-M', 'SHIRT', null];
      expect(record.lines.map((line) => line.sku)).toEqual(stored);
      const skus = {
        items: new Map([[SHIRT, 'SH-2']]),
        variations: new Map([
          [RED_SHIRT_AT_SHOP, 'RED-2'],
          [BLUE_SHIRT_AT_SHOP, ''],
        ]),
      };
      const shown = (viewer: EstimateViewer) =>
        estimateView(record, 0, viewer).lines!.map((line) => line.sku);
      expect(shown({ ...everything, skus })).toEqual([null, 'RED-2', 'SH-2', null]);
      // Without live values (a past revision): what the lines stored.
      expect(shown(everything)).toEqual(stored);
    });

    it('lists without lines', () => {
      expect(estimateSummaryView(recordAfter(full), 0, everything)).not.toHaveProperty('lines');
    });

    describe('of a preview', () => {
      it('of a new estimate nulls what a save would assign: id, number, revision, timestamps, line ids', () => {
        const view = estimateView(recordAfter(full), 0, everything);
        const preview = previewView(view, new Set([lineId(1), lineId(2), lineId(3)]), true);
        expect(preview).toEqual({
          ...view,
          id: null,
          estimate_number: null,
          revision: null,
          created_at: null,
          updated_at: null,
          lines: view.lines!.map((line) => ({ ...line, id: null })),
        });
      });

      it('of changes keeps the estimate’s id, number and timestamps and its kept line ids', () => {
        const view = estimateView(recordAfter(full), 4, everything);
        const preview = previewView(view, new Set([lineId(3)]), false);
        expect(preview).toMatchObject({
          id: RECORD_ID,
          estimate_number: ESTIMATE_NUMBER,
          revision: null,
          created_at: NOW,
          updated_at: NOW,
        });
        expect(preview.lines!.map((line) => line.id)).toEqual([lineId(1), lineId(2), null]);
      });
    });
  });

  describe('convert', () => {
    const DOCUMENT = 'd0c00000-0000-4000-8000-000000000001';
    const LOCATION = '10c00000-0000-4000-8000-000000000001';
    const convert = (target: 'invoice' | 'sales_order', input = {}, location_id?: string | null) => ({
      type: 'ConvertEstimate' as const,
      target,
      document_id: DOCUMENT,
      input,
      ...(location_id === undefined ? {} : { location_id }),
    });
    const base = created();

    it('closes an open estimate into a sales order at the given location, issued today', () => {
      expect(estimate.given(base).when(convert('sales_order', {}, LOCATION), estimateContext())).toEqual([
        {
          type: 'EstimateConverted',
          data: {
            status_id: 6,
            target: 'sales_order',
            document_id: DOCUMENT,
            issue_date: TODAY,
            user_id: USER_ID,
            location_id: LOCATION,
            converted_at: LATER,
          },
        },
      ]);
    });

    it('refuses a body for a sales order (422 unsupported_estimate_field) and a closed estimate (409)', () => {
      expect(
        estimate.given(base).when(convert('sales_order', { issue_date: TODAY }), estimateContext()),
      ).toMatchObject({ status: 422, code: 'unsupported_estimate_field', param: 'issue_date' });
      const converted = estimate.given(base).when(convert('invoice'), estimateContext());
      if (!Array.isArray(converted)) throw converted;
      expect(
        estimate.given(base, ...converted).when(convert('sales_order'), estimateContext()),
      ).toMatchObject({ status: 409, code: 'estimate_sales_order_conversion_not_allowed' });
      expect(estimate.given(base, declined).when(convert('invoice'), estimateContext())).toMatchObject({
        status: 409,
        code: 'estimate_conversion_not_allowed',
      });
    });

    it('refuses more lines than the new document takes (100), with its own code', () => {
      const many = labourLines(101);
      const big = created({ customer_id: ACME, lines: many });
      expect(estimate.given(big).when(convert('sales_order'), estimateContext())).toMatchObject({
        status: 409,
        code: 'estimate_sales_order_conversion_not_allowed',
      });
      expect(estimate.given(big).when(convert('invoice'), estimateContext())).toMatchObject({
        status: 409,
        code: 'estimate_conversion_not_allowed',
      });
    });
  });
});
