import { isDomainError } from '../shared/domain-error';
import { stateAfter } from '../testing/scenario';
import {
  after,
  created,
  invoice as invoiceOrder,
  lineId,
  recordAfter as orderAfter,
  update as updateOrder,
} from '../sales-order/sales-order.fixture';
import { SalesOrderInvoiced } from '../sales-order';
import { cancel, folding, invoice, invoiceContext, pack, remove, update } from './invoice.fixture';
import { invoiceFromSalesOrder } from './from-sales-order';
import { invoiceView } from './view';
import { InvoiceEvent } from './events';

function expectRefusal(decision: unknown, status: number, code: string) {
  if (!isDomainError(decision)) throw new Error(`expected a refusal, got ${JSON.stringify(decision)}`);
  expect({ status: decision.status, code: decision.code }).toEqual({ status, code });
}

const newLineIds = () => {
  let n = 0;
  return () => `11111111-0000-4000-8000-${String(++n).padStart(12, '0')}`;
};

/** Given an order with a shipping fee and a 10 % discount, invoiced with these bodies. */
function invoiced(...bodies: Record<string, unknown>[]) {
  const base = after([created()], updateOrder({ shipping_fee: 12, shipping_cost: 5, discount_percent: 10 }));
  const events = after(base, ...bodies.map((body, n) => invoiceOrder(body, n + 1)));
  const invoicings = events.filter((e): e is SalesOrderInvoiced => e.type === 'SalesOrderInvoiced');
  return { order: orderAfter(...events), invoicings };
}

describe('An invoice made from a sales order', () => {
  it('copies the customer, details, discount and shipping, with the invoiced quantities recalculated', () => {
    const { order, invoicings } = invoiced({ lines: [{ id: lineId(1), quantity: 1 }] });
    const { data } = invoiceFromSalesOrder(order, invoicings[0].data, newLineIds());
    expect(data).toMatchObject({
      id: invoicings[0].data.invoice_id,
      invoice_number: invoicings[0].data.invoice_number,
      status_id: 9,
      customer_id: order.customer_id,
      salesperson_id: order.salesperson_id,
      payment_terms: order.payment_terms,
      issue_date: invoicings[0].data.issue_date,
      shipping_fee: order.shipping_fee,
      shipping_cost: order.shipping_cost,
      discount_percent: '10.000',
      source_sales_order_id: order.id,
      source_estimate_id: null,
    });
    const [widget, discount] = data.lines;
    expect(widget).toMatchObject({ item_id: order.lines[0].item_id, quantity: '1' });
    expect(discount.line_type).toBe('discount');
    expect(data.lines).toHaveLength(2);
  });

  it('carries the shipping only on the first invoice of the order', () => {
    const { order, invoicings } = invoiced({ lines: [{ id: lineId(1), quantity: 1 }] }, {});
    const second = invoiceFromSalesOrder(order, invoicings[1].data, newLineIds());
    expect(second.data).toMatchObject({ shipping_fee: '0.0000', shipping_cost: '0.0000' });
    expect(second.data.lines.map((line) => line.quantity)).toEqual(['1', '1', '1']);
  });

  it('makes the same invoice each time from the same invoicing (a retried step)', () => {
    const { order, invoicings } = invoiced({});
    const once = invoiceFromSalesOrder(order, invoicings[0].data, newLineIds());
    const again = invoiceFromSalesOrder(order, invoicings[0].data, newLineIds());
    expect(again).toEqual(once);
  });

  describe('as a linked invoice', () => {
    const linkedState = () => {
      const { order, invoicings } = invoiced({});
      return stateAfter(folding, [invoiceFromSalesOrder(order, invoicings[0].data, newLineIds())]);
    };
    const viewer = { mayModify: true, showCost: true, packingListsEnabled: true, packServiceLines: false };
    const orderProgress = (packed: number, shipped: number | null) => ({
      id: '50000000-0000-4000-8000-000000000001',
      sales_order_number: 3001,
      packed_percent: packed,
      shipped_percent: shipped,
    });

    it('cannot be edited, packed or deleted', () => {
      const { order, invoicings } = invoiced({});
      const given = invoice.given(invoiceFromSalesOrder(order, invoicings[0].data, newLineIds()));
      expectRefusal(given.when(update({ name: 'x' }), invoiceContext()), 409, 'invoice_update_not_allowed');
      expectRefusal(
        given.when(pack({ lines: [] }), invoiceContext()),
        409,
        'invoice_fulfillment_managed_by_sales_order',
      );
      expectRefusal(given.when(remove, invoiceContext()), 409, 'invoice_delete_not_allowed');
    });

    it('shows the order as its packing and shipping authority', () => {
      const state = linkedState();
      if (state.status !== 'live') throw new Error('expected a live invoice');
      const view = invoiceView(state.record, 0, { ...viewer, salesOrder: orderProgress(50, 0) });
      expect(view).toMatchObject({
        can_edit: false,
        edit_block_reason: 'invoice_sales_order_linked',
        fulfillment_authority: 'sales_order',
        fulfillment_sales_order_id: state.record.source_sales_order_id,
        source_sales_order: orderProgress(50, 0),
        packed_percent: 50,
        shipped_percent: 0,
        can_pack: false,
        pack_block_reason: 'packing_managed_by_sales_order',
      });
    });

    it('shows the whole inventory line packed or shipped only once the order is fully packed or shipped', () => {
      const state = linkedState();
      if (state.status !== 'live') throw new Error('expected a live invoice');
      const lines = (packed: number, shipped: number) =>
        (
          invoiceView(state.record, 0, { ...viewer, salesOrder: orderProgress(packed, shipped) }).lines ?? []
        ).map((line) => {
          const { line_type, quantity_packed, quantity_shipped } = line as Record<string, unknown>;
          return [line_type, quantity_packed, quantity_shipped];
        });
      expect(lines(99.99, 99)).toEqual([
        ['inventory', 0, 0],
        ['service', 0, 0],
        ['discount', 0, 0],
      ]);
      expect(lines(100, 0)).toEqual([
        ['inventory', 2, 0],
        ['service', 0, 0],
        ['discount', 0, 0],
      ]);
      expect(lines(100, 100)[0]).toEqual(['inventory', 2, 2]);
    });

    it('may still be cancelled while it has no payments, which removes the link', () => {
      const { order, invoicings } = invoiced({});
      const createdEvent = invoiceFromSalesOrder(order, invoicings[0].data, newLineIds());
      const decision = invoice.given(createdEvent).when(cancel, invoiceContext());
      expect(decision).toMatchObject([{ type: 'InvoiceCancelled' }]);
      const state = stateAfter(folding, [createdEvent, ...(decision as InvoiceEvent[])]);
      expect(state).toMatchObject({ status: 'live', record: { status_id: 15, source_sales_order_id: null } });
    });
  });
});
