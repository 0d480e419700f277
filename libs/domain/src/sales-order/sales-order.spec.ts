import { conflictOf, missing, refusal, shippedToday } from '../testing/documents';
import { WIDGET } from '../document-lines/document-lines.fixture';
import { isDomainError } from '../shared/domain-error';
import { LATER, OTHER_ACCOUNT_ID, OTHER_USER_ID, RECORD_ID } from '../testing/fixtures';
import { describeSalesDocumentCases } from '../testing/sales-document-cases';
import { decideSalesOrder, numberedSalesOrder } from './decide';
import { SalesOrderEvent } from './events';
import { numberedSalesOrderPackingList } from './fulfillments';
import { salesOrderPayments, salesOrderProgress, salesOrderQuantityInvoiced } from './progress';
import { salesOrderAggregate } from './sales-order';
import { salesOrderFulfillmentView, salesOrderSummaryView, salesOrderView } from './view';
import {
  acting,
  after,
  BASIC_INPUT,
  closedState,
  createCommand,
  created,
  creationContext,
  decided,
  fulfillmentId,
  invoice,
  invoiceId,
  lineId,
  pack,
  RECIPIENTS,
  recordAfter,
  release,
  remove,
  salesOrder,
  salesOrderContext,
  salesOrderKit,
  ship,
  TODAY,
  update,
} from './sales-order.fixture';

const base = created();
const packOne = pack({ lines: [{ id: lineId(1), quantity: 1 }] });

/** A pack or invoicing body that names the same line twice. */
const SAME_LINE_TWICE = {
  lines: [
    { id: lineId(1), quantity: 1 },
    { id: lineId(1), quantity: 1 },
  ],
};

describe('SalesOrder aggregate', () => {
  it('streams salesOrder-<uuid>', () => {
    expect(salesOrderAggregate.streamPrefix).toBe('salesOrder');
  });

  describe('create', () => {
    it('ignores a location_id left in the body: the command carries the checked one', () => {
      const decision = salesOrder
        .given()
        .when(createCommand({ ...BASIC_INPUT, location_id: 'x' }, null), creationContext());
      expect((decision as SalesOrderEvent[])[0].data).toMatchObject({ location_id: null });
    });

    it('takes an expiry date not before the issue date and a packing-list note', () => {
      const { data } = created({ ...BASIC_INPUT, expiry_date: '2030-02-01', packing_list_note: 'Fragile' });
      expect(data).toMatchObject({ expiry_date: '2030-02-01', packing_list_note: 'Fragile' });
      const early = salesOrder
        .given()
        .when(
          createCommand({ ...BASIC_INPUT, issue_date: '2030-02-01', expiry_date: '2030-01-31' }),
          creationContext(),
        );
      expect(early).toMatchObject(refusal('expiry_date'));
    });

    it('takes the number drawn after deciding', () => {
      expect(numberedSalesOrder([base], 7)[0].data).toMatchObject({ sales_order_number: 7 });
    });
  });

  describe('visibility', () => {
    it('answers 404 for another account, another salesperson without view-all, or a deleted order', () => {
      const other = salesOrderContext({ accountId: OTHER_ACCOUNT_ID });
      expect(salesOrder.given(base).when(update({ name: 'x' }), other)).toMatchObject(missing);
      const own = salesOrderContext({ userId: OTHER_USER_ID, onlyOwnDocuments: true });
      expect(salesOrder.given(base).when(update({ name: 'x' }), own)).toMatchObject(missing);
      const gone = after([base], remove);
      expect(salesOrder.given(...gone).when(update({ name: 'x' }), salesOrderContext())).toMatchObject(
        missing,
      );
    });
  });

  describe('update', () => {
    it('changes header fields, recording only what changed', () => {
      expect(decided([base], update({ name: 'Spring order', packing_list_note: 'Top shelf' }))).toEqual([
        {
          type: 'SalesOrderUpdated',
          data: { changes: { name: 'Spring order', packing_list_note: 'Top shelf' }, updated_at: LATER },
        },
      ]);
      expect(decided([base], update({ name: null }))).toEqual([]);
    });

    it('clears expiry_date with null or ""; refuses one before the issue date', () => {
      const dated = after([base], update({ expiry_date: '2030-03-01' }));
      expect(recordAfter(...dated).expiry_date).toBe('2030-03-01');
      for (const cleared of [null, ''])
        expect(recordAfter(...after(dated, update({ expiry_date: cleared }))).expiry_date).toBeNull();
      expect(
        salesOrder.given(base).when(update({ expiry_date: '2030-01-01' }), salesOrderContext()),
      ).toMatchObject(refusal('expiry_date'));
    });

    it('changes lines, shipping and discount on an untouched order, with the progress they leave', () => {
      const [event] = decided(
        [base],
        update({ lines: [{ item_id: WIDGET, quantity: 4 }], discount_percent: 10, shipping_fee: 5 }),
      );
      expect(event.type).toBe('SalesOrderUpdated');
      expect(event.data).toMatchObject({
        changes: { discount_percent: '10.000', shipping_fee: '5.0000' },
        packed_percent: 0,
      });
      expect(recordAfter(base, event).lines.map((line) => line.line_type)).toEqual(['inventory', 'discount']);
    });

    const touched: [string, SalesOrderEvent[]][] = [
      ['invoiced', after([base], invoice())],
      ['packed', after([base], packOne)],
      ['shipped', after([base], packOne, ship())],
    ];
    it.each(touched)(
      'once %s: header fields still change, money fields and lines answer 409',
      (_, events) => {
        expect(decided(events, update({ name: 'Renamed', public_note: 'Thanks' }))[0].type).toBe(
          'SalesOrderUpdated',
        );
        for (const input of [
          { lines: [{ item_id: WIDGET, quantity: 5 }] },
          { shipping_fee: 3 },
          { shipping_cost: 2 },
          { discount_percent: 5 },
        ])
          expect(salesOrder.given(...events).when(update(input), salesOrderContext())).toMatchObject(
            conflictOf('sales_order_update_not_allowed'),
          );
      },
    );

    it('lets a touched order resend its money fields unchanged', () => {
      const events = after([base], packOne);
      expect(decided(events, update({ shipping_fee: 0, discount_percent: 0 }))).toEqual([]);
    });

    it('is untouched again once its only invoice was released', () => {
      const events = after([base], invoice(), release());
      expect(decided(events, update({ shipping_fee: 3 }))[0].type).toBe('SalesOrderUpdated');
    });

    it('refuses any update of a closed order', () => {
      expect(decideSalesOrder(update({ name: 'x' }), closedState(base), salesOrderContext())).toMatchObject(
        conflictOf('sales_order_update_not_allowed'),
      );
    });
  });

  describe('delete', () => {
    it('deletes an order where nothing has begun', () => {
      expect(decided([base], remove)).toEqual([{ type: 'SalesOrderDeleted', data: { deleted_at: LATER } }]);
    });

    it.each([
      ['an invoice', after([base], invoice())],
      ['a packing list', after([base], packOne)],
    ])('refuses with %s: 409 sales_order_delete_not_allowed', (_, events) => {
      expect(salesOrder.given(...events).when(remove, salesOrderContext())).toMatchObject(
        conflictOf('sales_order_delete_not_allowed'),
      );
    });
  });

  describe('pack', () => {
    const packing = acting(pack);

    it('records a packing list with the progress it leaves', () => {
      expect(packing({ lines: [{ id: lineId(1).toUpperCase(), quantity: '1.5' }] })).toEqual([
        {
          type: 'SalesOrderPacked',
          data: {
            fulfillment: {
              id: fulfillmentId(1),
              packing_list_number: 1,
              lines: [{ sales_order_line_id: lineId(1), quantity: '1.5' }],
              shipped_date: null,
              carrier: null,
              tracking_number: null,
              tracking_url: null,
              estimated_delivery_date: null,
              created_at: LATER,
            },
            packed_percent: 75,
            shipped_percent: 0,
            left_to_pack: { inventory: true, with_service: true },
          },
        },
      ]);
    });

    it('given every inventory unit packed, then it leaves nothing but the service line to pack', () => {
      const [packed] = packing({ lines: [{ id: lineId(1), quantity: 2 }] }) as SalesOrderEvent[];
      expect(packed.data).toMatchObject({ left_to_pack: { inventory: false, with_service: true } });
    });

    it('takes the packing-list number drawn after deciding', () => {
      const events = numberedSalesOrderPackingList(decided([base], packOne), 42);
      expect(recordAfter(base, ...events).fulfillments[0].packing_list_number).toBe(42);
    });

    it('packs what is left; concurrent packs serialise: a fully packed line or too much answers 409', () => {
      const half = after([base], packOne);
      expect(packing({ lines: [{ id: lineId(1), quantity: 1.5 }] }, half)).toMatchObject(
        conflictOf('sales_order_pack_not_allowed'),
      );
      const full = after(half, pack({ lines: [{ id: lineId(1), quantity: 1 }] }, 2));
      expect(packing({ lines: [{ id: lineId(1), quantity: 1 }] }, full)).toMatchObject(
        conflictOf('sales_order_line_already_packed'),
      );
      expect(salesOrderProgress(recordAfter(...full)).packed_percent).toBe(100);
    });

    it('refuses an invalid body with 422', () => {
      const bad = (input: Record<string, unknown>, param: string) =>
        expect(packing(input)).toMatchObject(refusal(param, 'invalid_sales_order_pack'));
      bad({}, 'lines');
      bad({ lines: [] }, 'lines');
      bad({ lines: Array.from({ length: 101 }, () => ({ id: lineId(1), quantity: 1 })) }, 'lines');
      bad({ lines: [{ id: 'nope', quantity: 1 }] }, 'lines.0.id');
      bad(SAME_LINE_TWICE, 'lines.1.id');
      bad({ lines: [{ id: lineId(9), quantity: 1 }] }, 'lines.0.id');
      bad({ lines: [{ id: lineId(1), quantity: 0 }] }, 'lines.0.quantity');
      bad({ lines: [{ id: lineId(1), quantity: 3 }] }, 'lines.0.quantity');
      expect(packing({ lines: [], carrier: 'x' })).toMatchObject(
        refusal('carrier', 'unsupported_sales_order_field'),
      );
    });

    it('packs service lines only with the packing-service setting, discount lines never', () => {
      const labour = { lines: [{ id: lineId(2), quantity: 1 }] };
      expect(packing(labour)).toMatchObject(refusal('lines.0.id', 'invalid_sales_order_pack'));
      expect(isDomainError(packing(labour, [base], salesOrderContext({ packServiceLines: true })))).toBe(
        false,
      );
      const discounted = after([base], update({ discount_percent: 10 }));
      const discountId = recordAfter(...discounted).lines.find((line) => line.line_type === 'discount')!
        .id as string;
      const context = salesOrderContext({ packServiceLines: true });
      expect(packing({ lines: [{ id: discountId, quantity: 1 }] }, discounted, context)).toMatchObject({
        status: 422,
        code: 'invalid_sales_order_pack',
      });
    });

    it('refuses with packing lists off or on a closed order: 409 sales_order_pack_not_allowed', () => {
      const one = { lines: [{ id: lineId(1), quantity: 1 }] };
      expect(packing(one, [base], salesOrderContext({ packingListsEnabled: false }))).toMatchObject(
        conflictOf('sales_order_pack_not_allowed'),
      );
      expect(decideSalesOrder(pack(one), closedState(base), salesOrderContext())).toMatchObject(
        conflictOf('sales_order_pack_not_allowed'),
      );
    });
  });

  describe('ship', () => {
    const packed = after([base], packOne);
    const shipping = (input: Record<string, unknown>, given = packed, context = salesOrderContext()) =>
      salesOrder.given(...given).when(ship(input), context);

    it('ships today by default, with the progress it leaves', () => {
      expect(shipping({})).toEqual([
        {
          type: 'SalesOrderShipped',
          data: { ...shippedToday(), left_to_pack: { inventory: true, with_service: true } },
        },
      ]);
    });

    it('records carrier and tracking within their limits, an http(s) URL, a delivery not before shipping', () => {
      const input = {
        shipped_date: '2030-01-20',
        carrier: 'UPS',
        tracking_number: '1Z999',
        tracking_url: 'https://ups.test/1Z999',
        estimated_delivery_date: '2030-01-22',
      };
      const events = after(packed, ship(input));
      expect(recordAfter(...events).fulfillments[0]).toMatchObject({ ...input, updated_at: LATER });
      expect(shipping({ carrier: 'x'.repeat(61) })).toMatchObject(refusal('carrier'));
      expect(shipping({ tracking_number: 'x'.repeat(61) })).toMatchObject(refusal('tracking_number'));
      expect(shipping({ tracking_url: 'ftp://ups.test' })).toMatchObject(refusal('tracking_url'));
      expect(shipping({ tracking_url: `https://a.test/${'x'.repeat(240)}` })).toMatchObject(
        refusal('tracking_url'),
      );
      expect(shipping({ shipped_date: '2030-01-20', estimated_delivery_date: '2030-01-19' })).toMatchObject(
        refusal('estimated_delivery_date'),
      );
      expect(shipping({ label: 'x' })).toMatchObject(refusal('label', 'unsupported_sales_order_field'));
    });

    it('refuses a second shipment: 409 sales_order_ship_not_allowed; an unknown packing list is 404', () => {
      expect(shipping({}, after(packed, ship()))).toMatchObject(conflictOf('sales_order_ship_not_allowed'));
      expect(shipping({}, [base])).toMatchObject(missing);
    });

    it('given packing lists turned off, when a packed list is shipped, then 409 sales_order_ship_not_allowed', () => {
      const off = salesOrderContext({ packingListsEnabled: false });
      expect(shipping({}, packed, off)).toMatchObject(conflictOf('sales_order_ship_not_allowed'));
      // An unknown packing list is still 404 first.
      expect(shipping({}, [base], off)).toMatchObject(missing);
    });

    it('given a closed order (30, never reached today), then its packing list still ships; pack, invoice, PATCH and delete are refused', () => {
      const closed = closedState(...packed);
      const shipped = decideSalesOrder(ship({}), closed, salesOrderContext());
      expect(isDomainError(shipped) ? shipped : shipped.map((e) => e.type)).toEqual(['SalesOrderShipped']);
      expect(decideSalesOrder(packOne, closed, salesOrderContext())).toMatchObject(
        conflictOf('sales_order_pack_not_allowed'),
      );
      expect(decideSalesOrder(invoice({}), closed, salesOrderContext())).toMatchObject(
        conflictOf('sales_order_invoice_not_allowed'),
      );
      expect(decideSalesOrder(update({ name: 'x' }), closed, salesOrderContext())).toMatchObject(
        conflictOf('sales_order_update_not_allowed'),
      );
      expect(decideSalesOrder(remove, closed, salesOrderContext())).toMatchObject(
        conflictOf('sales_order_delete_not_allowed'),
      );
    });

    it('queues the customer notification when automatic shipping notifications are on', () => {
      const events = decided(packed, ship(), salesOrderContext({ automaticShippingNotifications: true }));
      expect(events[1]).toEqual({
        type: 'SalesOrderShippingNotificationQueued',
        data: { fulfillment_id: fulfillmentId(1), recipients: RECIPIENTS, queued_at: LATER },
      });
    });
  });

  describe('invoice', () => {
    const invoicing = (input: Record<string, unknown>, given: SalesOrderEvent[] = [base]) =>
      salesOrder.given(...given).when(invoice(input, 9), salesOrderContext());

    it('{} invoices every remaining quantity', () => {
      expect(invoicing({})).toEqual([
        {
          type: 'SalesOrderInvoiced',
          data: {
            invoice_id: invoiceId(9),
            invoice_number: 2009,
            lines: [
              { sales_order_line_id: lineId(1), quantity: '2' },
              { sales_order_line_id: lineId(2), quantity: '1' },
            ],
            issue_date: '2030-01-16',
            with_shipping: true,
            invoiced_at: LATER,
            invoiced_percent: 100,
            invoice_count: 1,
          },
        },
      ]);
    });

    it('lines choose quantities; {} then takes only what remains, never a discount line', () => {
      const discounted = after([base], update({ discount_percent: 10 }));
      const part = after(discounted, invoice({ lines: [{ id: lineId(1), quantity: 0.5 }] }));
      const [rest] = decided(part, invoice({}, 2));
      expect(rest.data).toMatchObject({
        lines: [
          { sales_order_line_id: lineId(1), quantity: '1.5' },
          { sales_order_line_id: lineId(2), quantity: '1' },
        ],
      });
      expect(salesOrderQuantityInvoiced(recordAfter(...part, rest), lineId(1)).toFixed()).toBe('2');
    });

    it('only the first standing invoice carries the shipping; a released one hands it on', () => {
      const first = after([base], invoice({ lines: [{ id: lineId(1), quantity: 1 }] }, 1));
      expect(first.at(-1)?.data).toMatchObject({ with_shipping: true });
      const [second] = decided(first, invoice({}, 2));
      expect(second.data).toMatchObject({ with_shipping: false });
      const released = after(first, { type: 'ReleaseSalesOrderInvoice', invoice_id: invoiceId(1) });
      expect(decided(released, invoice({}, 2))[0].data).toMatchObject({ with_shipping: true });
    });

    it('answers 409 sales_order_already_invoiced when nothing is left, and line_already_invoiced for a spent line', () => {
      const all = after([base], invoice());
      expect(invoicing({}, all)).toMatchObject(conflictOf('sales_order_already_invoiced'));
      const first = after([base], invoice({ lines: [{ id: lineId(1), quantity: 2 }] }));
      expect(invoicing({ lines: [{ id: lineId(1), quantity: 1 }] }, first)).toMatchObject(
        conflictOf('sales_order_line_already_invoiced'),
      );
      expect(invoicing({ lines: [{ id: lineId(2), quantity: 2 }] }, first)).toMatchObject(
        refusal('lines.0.quantity', 'invalid_sales_order_invoice'),
      );
    });

    it('two invoicings of the same remainder serialise on the stream: the second finds nothing left', () => {
      const firstWins = after([base], invoice({}, 1));
      expect(salesOrder.given(...firstWins).when(invoice({}, 2), salesOrderContext())).toMatchObject(
        conflictOf('sales_order_already_invoiced'),
      );
    });

    it('refuses invalid bodies with 422 invalid_sales_order_invoice', () => {
      const bad = (input: Record<string, unknown>, param: string) =>
        expect(invoicing(input)).toMatchObject(refusal(param, 'invalid_sales_order_invoice'));
      bad({ lines: [] }, 'lines');
      bad({ lines: 'all' }, 'lines');
      bad({ note: 'x' }, 'note');
      bad(SAME_LINE_TWICE, 'lines.1.id');
      bad({ lines: [{ id: lineId(9), quantity: 1 }] }, 'lines.0.id');
      bad({ lines: [{ id: lineId(1), quantity: -1 }] }, 'lines.0.quantity');
      bad({ lines: [{ id: lineId(1), quantity: 3 }] }, 'lines.0.quantity');
      const discounted = after([base], update({ discount_percent: 10 }));
      const discountId = recordAfter(...discounted).lines.find((line) => line.line_type === 'discount')!
        .id as string;
      expect(invoicing({ lines: [{ id: discountId, quantity: 1 }] }, discounted)).toMatchObject(
        refusal('lines.0.id', 'invalid_sales_order_invoice'),
      );
    });

    it('refuses a closed order: 409 sales_order_invoice_not_allowed', () => {
      expect(decideSalesOrder(invoice(), closedState(base), salesOrderContext())).toMatchObject(
        conflictOf('sales_order_invoice_not_allowed'),
      );
    });

    it('records nothing when the same invoice id is decided again', () => {
      expect(decided(after([base], invoice()), invoice())).toEqual([]);
    });
  });

  describe('payments of the linked invoices', () => {
    it('paid_percent is amount_paid × 100 ÷ total, two decimals rounded down, capped at 100; null at total 0', () => {
      expect(salesOrderPayments('30.0000', '10')).toEqual({ amount_paid: '10.0000', paid_percent: 33.33 });
      expect(salesOrderPayments('30.0000', '45')).toEqual({ amount_paid: '45.0000', paid_percent: 100 });
      expect(salesOrderPayments('0.0000', '0')).toEqual({ amount_paid: '0.0000', paid_percent: null });
    });
  });

  describe('release of a cancelled linked invoice', () => {
    it('gives its quantities back, once', () => {
      const events = after([base], invoice());
      expect(decided(events, release())).toEqual([
        {
          type: 'SalesOrderInvoiceReleased',
          data: { invoice_id: invoiceId(1), released_at: LATER, invoiced_percent: 0, invoice_count: 0 },
        },
      ]);
      const released = after(events, release());
      expect(salesOrderQuantityInvoiced(recordAfter(...released), lineId(1)).toFixed()).toBe('0');
      expect(decided(released, release())).toEqual([]);
      expect(decided(released, invoice({}, 2))[0].type).toBe('SalesOrderInvoiced');
    });

    it('ignores an invoice the order never made', () => {
      expect(decided([base], release(7))).toEqual([]);
    });
  });

  // Creation and update as every sales document has them (testing/sales-document-cases.ts).
  describeSalesDocumentCases(salesOrderKit);
});

describe('sales order views', () => {
  const viewer = { mayModify: true, showCost: true, packingListsEnabled: true, packServiceLines: false };
  const events = after(
    [base],
    invoice({ lines: [{ id: lineId(1), quantity: 1 }] }),
    pack({ lines: [{ id: lineId(1), quantity: 2 }] }),
    ship(),
  );
  const order = recordAfter(...events);

  it('shows the detail in the specification’s field order, revision prefixed so_', () => {
    const view = salesOrderView(order, 4, viewer);
    expect(Object.keys(view)).toEqual([
      'id',
      'object',
      'sales_order_number',
      'name',
      'customer_id',
      'customer_name',
      'salesperson_id',
      'location_id',
      'status_id',
      'status',
      'issue_date',
      'expiry_date',
      'purchase_order_number',
      'attention',
      'shipping_address',
      'drop_shipped',
      'drop_ship_customer_id',
      'drop_ship_address',
      'public_note',
      'packing_list_note',
      'payment_terms',
      'subtotal',
      'shipping_fee',
      'tax',
      'tax_2',
      'total',
      'amount_paid',
      'amount_due',
      'shipping_cost',
      'invoiced_percent',
      'paid_percent',
      'packed_percent',
      'shipped_percent',
      'invoice_count',
      'party',
      'discount_percent',
      'pre_discount_total',
      'discount_total',
      'tax_label',
      'tax_2_label',
      'can_edit',
      'edit_block_reason',
      'can_pack',
      'pack_block_reason',
      'revision',
      'custom_field_values',
      'created_at',
      'updated_at',
      'lines',
    ]);
    expect(view).toMatchObject({
      object: 'sales_order',
      status_id: 29,
      status: 'Open',
      revision: 'so_4',
      invoiced_percent: 33.33,
      packed_percent: 100,
      shipped_percent: 100,
      invoice_count: 1,
      can_edit: false,
      edit_block_reason: 'sales_order_activity_started',
      can_pack: false,
      pack_block_reason: 'nothing_remaining_to_pack',
    });
  });

  it('shows each line’s invoiced, packed, shipped and remaining-to-pack quantities after its quantity', () => {
    const lines = salesOrderView(order, 4, viewer).lines!;
    const keys = Object.keys(lines[0]);
    expect(keys.slice(keys.indexOf('quantity'), keys.indexOf('quantity') + 5)).toEqual([
      'quantity',
      'quantity_invoiced',
      'quantity_packed',
      'quantity_shipped',
      'quantity_remaining_to_pack',
    ]);
    expect(
      lines.map((line) => [
        line.object,
        line.quantity_invoiced,
        line.quantity_packed,
        line.quantity_shipped,
        line.quantity_remaining_to_pack,
      ]),
    ).toEqual([
      ['sales_order_line', 1, 2, 2, 0],
      ['sales_order_line', 0, 0, 0, 0],
    ]);
    const packing = salesOrderView(recordAfter(base), 1, { ...viewer, packServiceLines: true }).lines!;
    expect(packing.map((line) => line.quantity_remaining_to_pack)).toEqual([2, 1]);
  });

  it('tells why an order cannot be edited or packed', () => {
    const fresh = recordAfter(base);
    expect(salesOrderView(fresh, 1, viewer)).toMatchObject({
      can_edit: true,
      edit_block_reason: null,
      can_pack: true,
      pack_block_reason: null,
    });
    expect(salesOrderView(fresh, 1, { ...viewer, mayModify: false })).toMatchObject({
      can_edit: false,
      edit_block_reason: 'permission_denied',
      pack_block_reason: 'permission_denied',
    });
    expect(salesOrderView(fresh, 1, { ...viewer, packingListsEnabled: false }).pack_block_reason).toBe(
      'packing_lists_disabled',
    );
    expect(salesOrderView(fresh, 1, { ...viewer, locationAccessible: false }).pack_block_reason).toBe(
      'location_restricted',
    );
    const closed = closedState(base);
    if (closed.status !== 'live') throw new Error('live');
    expect(salesOrderView(closed.record, 1, viewer)).toMatchObject({
      status: 'Closed',
      edit_block_reason: 'sales_order_not_open',
      pack_block_reason: 'sales_order_not_open',
    });
  });

  it('a list entry shows the block reasons and revision the detail shows, for every viewer', () => {
    const reasons = ({ edit_block_reason, pack_block_reason, revision }: Record<string, unknown>) => ({
      edit_block_reason,
      pack_block_reason,
      revision,
    });
    const fresh = recordAfter(base);
    for (const record of [fresh, order])
      for (const seen of [
        viewer,
        { ...viewer, mayModify: false },
        { ...viewer, packServiceLines: true },
        { ...viewer, packingListsEnabled: false },
        { ...viewer, locationAccessible: false },
      ])
        expect(reasons(salesOrderSummaryView(record, 3, seen))).toEqual(
          reasons(salesOrderView(record, 3, seen)),
        );
  });

  it('shows money from the linked invoices’ payments, and omits shipping_cost without the cost permission', () => {
    const view = salesOrderSummaryView(order, 1, {
      ...viewer,
      showCost: false,
      payments: { amount_paid: '10', paid_percent: 12.5 },
    });
    expect(view).not.toHaveProperty('shipping_cost');
    expect(view).not.toHaveProperty('lines');
    expect(view).toMatchObject({ amount_paid: '10.0000', paid_percent: 12.5 });
    expect(Number(view.amount_due)).toBeCloseTo(Number(view.total) - 10, 4);
  });

  it('given linked invoices paid beyond the order total, then amount_due is total − amount_paid, negative (EXTENSIONS §9)', () => {
    const total = Number(order.totals.total);
    const paid = (total + 5).toFixed(4);
    const view = salesOrderSummaryView(order, 1, { ...viewer, payments: salesOrderPayments(total, paid) });
    expect(view).toMatchObject({ amount_paid: paid, amount_due: '-5.0000', paid_percent: 100 });
  });

  it('given no payments read (a past view) of a zero-total order, then paid_percent is null', () => {
    const zero = { ...order, totals: { ...order.totals, total: '0.0000' } };
    expect(salesOrderSummaryView(zero, 1, viewer)).toMatchObject({
      amount_paid: '0.0000',
      amount_due: '0.0000',
      paid_percent: null,
    });
  });

  it('shows a fulfillment with its status and lines', () => {
    expect(salesOrderFulfillmentView(order, order.fulfillments[0])).toEqual({
      id: fulfillmentId(1),
      object: 'fulfillment',
      sales_order_id: RECORD_ID,
      packing_list_number: 1,
      status: 'shipped',
      units_packed: 2,
      shipped_date: TODAY,
      carrier: null,
      tracking_number: null,
      tracking_url: null,
      tracking_status: null,
      tracking_status_details: null,
      estimated_delivery_date: null,
      tracking_updated_at: null,
      lines: [{ sales_order_line_id: lineId(1), quantity: 2 }],
      created_at: LATER,
      updated_at: LATER,
    });
  });
});
