import { conflictOf, labourLines, refusal } from '../testing/documents';
import {
  BLUE_SHIRT_AT_SHOP,
  RED_SHIRT_AT_SHOP,
  SHIRT,
  WIDGET,
} from '../document-lines/document-lines.fixture';
import { LATER, NOW, OTHER_ACCOUNT_ID, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { stateAfter } from '../testing/scenario';
import { describeSalesDocumentCases } from '../testing/sales-document-cases';
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
  estimate,
  ESTIMATE_NUMBER,
  estimateContext,
  estimateKit,
  FIELD_A,
  folding,
  LEAD,
  lineId,
  recordAfter,
  remove,
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

describe('Estimate', () => {
  it('streams as estimate-<id>', () => {
    expect(estimateAggregate.streamPrefix).toBe('estimate');
  });

  describe('create', () => {
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
    });
  });

  describe('update', () => {
    const base = created();
    const patch = (input: EstimateInput, context = estimateContext(), given: EstimateEvent[] = [base]) =>
      estimate.given(...given).when(update(input), context);

    describe('the customer', () => {
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

  // Creation and update as every sales document has them (testing/sales-document-cases.ts).
  describeSalesDocumentCases(estimateKit);
});
