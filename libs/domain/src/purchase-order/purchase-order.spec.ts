import { ITEMS, VARIATIONS, WIDGET } from '../document-lines/document-lines.fixture';
import { DocumentCustomer } from '../document';
import { Decision } from '../shared/decision';
import { DomainError, isDomainError } from '../shared/domain-error';
import { ACCOUNT_ID, LATER, NOW, OTHER_USER_ID, RECORD_ID, USER_ID } from '../testing/fixtures';
import { scenario } from '../testing/scenario';
import { PurchaseOrderCommand } from './commands';
import { PurchaseOrderContext } from './context';
import { decidePurchaseOrder, numberedPurchaseOrder } from './decide';
import { PurchaseOrderEvent, PurchaseOrderReceived } from './events';
import { evolvePurchaseOrder, initialPurchaseOrderState } from './evolve';
import { PurchaseOrderState } from './state';
import { purchaseOrderView } from './view';

const purchaseOrder = scenario(
  { initialState: initialPurchaseOrderState, evolve: evolvePurchaseOrder },
  decidePurchaseOrder,
);

const SUPPLIER = '5e000000-0000-4000-8000-000000000001';
const OTHER_SUPPLIER = '5e000000-0000-4000-8000-000000000002';
const ARCHIVED_SUPPLIER = '5e000000-0000-4000-8000-000000000003';
const LOCATION = '10c00000-0000-4000-8000-000000000001';
const OTHER_LOCATION = '10c00000-0000-4000-8000-000000000002';
const TODAY = '2030-01-16';
const lineId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const supplier = (
  over: Partial<DocumentCustomer> & Pick<DocumentCustomer, 'id' | 'name'>,
): DocumentCustomer => ({
  kind: 'supplier',
  tax_rate: '10.000',
  tax_2_rate: '0.000',
  payment_terms: 'Net 30',
  archived: false,
  assigned_user_id: null,
  ...over,
});

function context(over: Partial<PurchaseOrderContext> = {}): PurchaseOrderContext {
  let drawn = 0;
  return {
    now: NOW,
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    onlyOwnDocuments: false,
    mayViewCosts: true,
    today: TODAY,
    defaultPaymentTerms: null,
    customFieldIds: new Set(),
    customers: new Map(
      [
        supplier({ id: SUPPLIER, name: 'Parts Co' }),
        supplier({ id: OTHER_SUPPLIER, name: 'Bolts Ltd', tax_rate: '0.000' }),
        supplier({ id: ARCHIVED_SUPPLIER, name: 'Gone', archived: true }),
      ].map((entry) => [entry.id, entry]),
    ),
    lines: {
      items: new Map(ITEMS.map((entry) => [entry.id, entry])),
      variations: new Map(VARIATIONS.map((entry) => [entry.item_variation_location_id, entry])),
      mayModifyPrices: true,
    },
    newLineId: () => lineId(++drawn),
    paymentsEnabled: true,
    locationActive: true,
    ...over,
  };
}

const INPUT = {
  supplier_id: SUPPLIER,
  location_id: LOCATION,
  lines: [
    { item_id: WIDGET, quantity: 10 },
    { name: 'Freight', unit_cost: 5 },
  ],
};

const create = (input: Record<string, unknown> = INPUT): PurchaseOrderCommand => ({
  type: 'CreatePurchaseOrder',
  id: RECORD_ID,
  purchase_order_number: 0,
  location_id: LOCATION,
  input,
});

function events(decision: Decision<PurchaseOrderEvent>): PurchaseOrderEvent[] {
  if (isDomainError(decision)) throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

function error(decision: Decision<PurchaseOrderEvent>): DomainError {
  if (!isDomainError(decision)) throw new Error('accepted');
  return decision;
}

const created = () => numberedPurchaseOrder(events(purchaseOrder.given().when(create(), context())), 7);
const send = (input = {}): PurchaseOrderCommand => ({ type: 'SendPurchaseOrder', input });
const receive = (lines: unknown, extra = {}): PurchaseOrderCommand => ({
  type: 'ReceivePurchaseOrder',
  input: { lines, ...extra },
});
const pay = (amount: unknown, id = lineId(90)): PurchaseOrderCommand => ({
  type: 'RecordPurchaseOrderPayment',
  payment_id: id,
  input: { amount, payment_date: '2030-01-20' },
});
const at = (now: string) => context({ now });

function sentState(): { history: PurchaseOrderEvent[]; state: PurchaseOrderState } {
  const history = [...created()];
  history.push(...events(purchaseOrder.given(...history).when(send(), at(LATER))));
  return { history, state: purchaseOrder.given(...history).state };
}

describe('PurchaseOrder', () => {
  describe('create', () => {
    it('records a Not Sent order for the supplier with item cost and supplier rates by default', () => {
      const [event] = created();
      expect(event).toMatchObject({
        type: 'PurchaseOrderCreated',
        data: {
          purchase_order_number: 7,
          status_id: 17,
          supplier_id: SUPPLIER,
          supplier_name: 'Parts Co',
          location_id: LOCATION,
          assigned_user_id: USER_ID,
          issue_date: TODAY,
          payment_terms: 'Net 30',
          lines: [
            {
              line_type: 'inventory',
              item_id: WIDGET,
              unit_price: '7.2500',
              tax_rate: '10.000',
              quantity: '10',
            },
            { line_type: 'service', name: 'Freight', unit_price: '5.0000' },
          ],
        },
      });
    });

    it('takes a unit_cost override', () => {
      const [event] = events(
        purchaseOrder
          .given()
          .when(create({ ...INPUT, lines: [{ item_id: WIDGET, unit_cost: 6.5 }] }), context()),
      );
      expect(event).toMatchObject({ data: { lines: [{ unit_price: '6.5000' }] } });
    });

    it.each([
      ['an archived supplier', { ...INPUT, supplier_id: ARCHIVED_SUPPLIER }, 'supplier_id'],
      ['no supplier', { location_id: LOCATION, lines: INPUT.lines }, 'supplier_id'],
      ['no lines', { supplier_id: SUPPLIER, location_id: LOCATION }, 'lines'],
      ['no location', { supplier_id: SUPPLIER, lines: INPUT.lines }, 'location_id'],
    ])('refuses %s (422)', (_what, input, param) => {
      expect(error(purchaseOrder.given().when(create(input), context()))).toMatchObject({
        status: 422,
        param,
      });
    });

    it.each(['status_id', 'amount_paid', 'purchase_order_number', 'assigned_user_id'])(
      'refuses the protected field %s',
      (field) => {
        expect(error(purchaseOrder.given().when(create({ ...INPUT, [field]: 1 }), context()))).toMatchObject({
          status: 422,
          code: 'unsupported_purchase_order_field',
          param: field,
        });
      },
    );
  });

  describe('update', () => {
    it('changes the supplier only with lines, rating them for the new supplier', () => {
      const given = purchaseOrder.given(...created());
      expect(
        error(given.when({ type: 'UpdatePurchaseOrder', input: { supplier_id: OTHER_SUPPLIER } }, context())),
      ).toMatchObject({ param: 'lines' });
      const [event] = events(
        given.when(
          {
            type: 'UpdatePurchaseOrder',
            input: { supplier_id: OTHER_SUPPLIER, lines: [{ item_id: WIDGET, quantity: 2 }] },
          },
          context(),
        ),
      );
      expect(event).toMatchObject({
        type: 'PurchaseOrderUpdated',
        data: {
          changes: { supplier_id: OTHER_SUPPLIER, supplier_name: 'Bolts Ltd' },
          lines: [{ tax_rate: '0.000' }],
        },
      });
    });

    it('changes the location only with lines', () => {
      const given = purchaseOrder.given(...created());
      const move = (input: Record<string, unknown>): PurchaseOrderCommand => ({
        type: 'UpdatePurchaseOrder',
        location_id: OTHER_LOCATION,
        input: { location_id: OTHER_LOCATION, ...input },
      });
      expect(error(given.when(move({}), context()))).toMatchObject({ param: 'lines' });
      expect(events(given.when(move({ lines: [{ item_id: WIDGET }] }), context()))).toMatchObject([
        { data: { changes: { location_id: OTHER_LOCATION } } },
      ]);
    });

    it('refuses a sent order (409 purchase_order_update_not_allowed)', () => {
      const { history } = sentState();
      expect(
        error(
          purchaseOrder
            .given(...history)
            .when({ type: 'UpdatePurchaseOrder', input: { name: 'x' } }, context()),
        ),
      ).toMatchObject({ status: 409, code: 'purchase_order_update_not_allowed' });
    });
  });

  describe('send', () => {
    it('sends with today by default and keeps the first date when sent again', () => {
      const { history, state } = sentState();
      expect(state).toMatchObject({ record: { status_id: 18, date_sent: TODAY } });
      const again = events(
        purchaseOrder.given(...history).when(send({ date_sent: '2031-01-01' }), context()),
      );
      expect(again).toMatchObject([{ type: 'PurchaseOrderSent', data: { date_sent: TODAY, status_id: 18 } }]);
    });

    it('refuses a partially received order', () => {
      const { history } = sentState();
      history.push(
        ...events(
          purchaseOrder.given(...history).when(receive([{ line_id: lineId(1), quantity: 1 }]), context()),
        ),
      );
      expect(error(purchaseOrder.given(...history).when(send(), context()))).toMatchObject({
        status: 409,
        code: 'purchase_order_send_not_allowed',
      });
    });
  });

  describe('receive', () => {
    it('receives in increments and stores received_date only when complete', () => {
      const { history } = sentState();
      const first = events(
        purchaseOrder
          .given(...history)
          .when(receive([{ line_id: lineId(1), quantity: 4 }], { received_date: '2030-02-01' }), context()),
      );
      expect(first).toMatchObject([
        {
          type: 'PurchaseOrderReceived',
          data: {
            status_id: 19,
            date_received: null,
            lines: [
              {
                line_id: lineId(1),
                item_id: WIDGET,
                location_id: LOCATION,
                quantity: '4',
                quantity_received_after: '4',
              },
            ],
          },
        },
      ]);
      history.push(...first);
      const second = events(
        purchaseOrder.given(...history).when(receive([{ line_id: lineId(1), quantity: 6 }]), context()),
      );
      expect((second[0] as PurchaseOrderReceived).data).toMatchObject({
        status_id: 20,
        date_received: TODAY,
      });
      history.push(...second);
      expect(
        error(
          purchaseOrder.given(...history).when(receive([{ line_id: lineId(1), quantity: 1 }]), context()),
        ),
      ).toMatchObject({ status: 409 });
    });

    it.each([
      ['more than remains', [{ line_id: lineId(1), quantity: 11 }], 'lines.0.quantity'],
      ['a service line', [{ line_id: lineId(2), quantity: 1 }], 'lines.0.line_id'],
      [
        'a duplicate',
        [
          { line_id: lineId(1), quantity: 1 },
          { line_id: lineId(1), quantity: 1 },
        ],
        'lines.1.line_id',
      ],
      ['a zero quantity', [{ line_id: lineId(1), quantity: 0 }], 'lines.0.quantity'],
      ['no entries', [], 'lines'],
    ])('refuses %s (422)', (_what, lines, param) => {
      const { history } = sentState();
      expect(error(purchaseOrder.given(...history).when(receive(lines), context()))).toMatchObject({
        status: 422,
        param,
      });
    });

    it('refuses a Not Sent order and an inactive location', () => {
      expect(
        error(
          purchaseOrder.given(...created()).when(receive([{ line_id: lineId(1), quantity: 1 }]), context()),
        ),
      ).toMatchObject({ status: 409 });
      const { history } = sentState();
      expect(
        error(
          purchaseOrder
            .given(...history)
            .when(receive([{ line_id: lineId(1), quantity: 1 }]), context({ locationActive: false })),
        ),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('payments', () => {
    // 10 × 7.25 = 72.50 + 10 % tax 7.25, + freight 5 + 0.50 tax: 85.25.
    it('pays up to the balance, dating full payment, and refuses beyond it', () => {
      const { history } = sentState();
      expect(error(purchaseOrder.given(...history).when(pay('85.26'), context()))).toMatchObject({
        status: 422,
        param: 'amount',
      });
      expect(error(purchaseOrder.given(...history).when(pay('1.001'), context()))).toMatchObject({
        status: 422,
      });
      const paid = events(purchaseOrder.given(...history).when(pay('85.25'), context()));
      expect(paid).toMatchObject([
        {
          type: 'PurchaseOrderPaymentRecorded',
          data: { amount_paid: '85.2500', amount_due: '0.0000', date_fully_paid: '2030-01-20' },
        },
      ]);
      history.push(...paid);
      expect(error(purchaseOrder.given(...history).when(pay(1, lineId(91)), context()))).toMatchObject({
        status: 409,
        code: 'purchase_order_payment_not_allowed',
      });
      const deleted = events(
        purchaseOrder
          .given(...history)
          .when({ type: 'DeletePurchaseOrderPayment', payment_id: lineId(90) }, context()),
      );
      expect(deleted).toMatchObject([
        { data: { amount_paid: '0.0000', amount_due: '85.2500', date_fully_paid: null } },
      ]);
      history.push(...deleted);
      expect(
        error(
          purchaseOrder
            .given(...history)
            .when({ type: 'DeletePurchaseOrderPayment', payment_id: lineId(90) }, context()),
        ),
      ).toMatchObject({ status: 404 });
    });

    it('takes more than two decimals only for the exact remaining balance (totals keep four)', () => {
      const { history } = sentState();
      history.push(...events(purchaseOrder.given(...history).when(pay('85.2', lineId(90)), context())));
      expect(error(purchaseOrder.given(...history).when(pay('0.045', lineId(91)), context()))).toMatchObject({
        status: 422,
        param: 'amount',
        message: expect.stringContaining('or be the remaining balance, 0.0500'),
      });
      expect(
        events(purchaseOrder.given(...history).when(pay('0.0500', lineId(91)), context())),
      ).toMatchObject([
        { data: { amount_paid: '85.2500', amount_due: '0.0000', date_fully_paid: '2030-01-20' } },
      ]);
    });

    it('refuses a Not Sent order and an account without purchase-order payments', () => {
      expect(error(purchaseOrder.given(...created()).when(pay(1), context()))).toMatchObject({ status: 409 });
      const { history } = sentState();
      expect(
        error(purchaseOrder.given(...history).when(pay(1), context({ paymentsEnabled: false }))),
      ).toMatchObject({
        code: 'purchase_order_payment_not_allowed',
      });
    });
  });

  describe('delete and visibility', () => {
    it('deletes a Not Sent order, never a sent one', () => {
      expect(
        events(purchaseOrder.given(...created()).when({ type: 'DeletePurchaseOrder' }, context())),
      ).toMatchObject([{ type: 'PurchaseOrderDeleted' }]);
      const { history } = sentState();
      expect(
        error(purchaseOrder.given(...history).when({ type: 'DeletePurchaseOrder' }, context())),
      ).toMatchObject({
        status: 409,
        code: 'purchase_order_delete_not_allowed',
      });
    });

    it('hides orders assigned to others from a user without view-all', () => {
      expect(
        error(
          purchaseOrder
            .given(...created())
            .when(
              { type: 'DeletePurchaseOrder' },
              context({ userId: OTHER_USER_ID, onlyOwnDocuments: true }),
            ),
        ),
      ).toMatchObject({ status: 404 });
    });
  });

  it('shows the detail with costs, received quantities and editability', () => {
    const { state } = sentState();
    if (state.status !== 'live') throw new Error('absent');
    const view = purchaseOrderView(state.record, 1, { mayModify: true, showCost: true });
    expect(view).toMatchObject({
      object: 'purchase_order',
      status: 'Sent',
      total: '85.2500',
      amount_due: '85.2500',
      can_edit: false,
      edit_block_reason: 'purchase_order_not_not_sent',
      revision: '1',
      lines: [
        { object: 'purchase_order_line', unit_cost: '7.2500', quantity_received: 0 },
        { line_type: 'service' },
      ],
    });
  });
});
