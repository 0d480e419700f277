import { created as estimateCreated, recordAfter as estimateAfter } from '../estimate/estimate.fixture';
import { EstimateConverted } from '../estimate';
import { salesOrderFromEstimate } from './conversion';
import { folding } from './sales-order.fixture';
import { stateAfter } from '../testing/scenario';

const conversion: EstimateConverted['data'] = {
  status_id: 6,
  target: 'sales_order',
  document_id: '50000000-0000-4000-8000-000000000001',
  issue_date: '2030-02-01',
  user_id: '00000000-0000-4000-8000-000000000009',
  location_id: '10c00000-0000-4000-8000-000000000001',
  converted_at: '2030-02-01T09:00:00.000Z',
};
const lineIds = () => {
  let n = 0;
  return () => `22222222-0000-4000-8000-${String(++n).padStart(12, '0')}`;
};

describe('A sales order converted from an estimate', () => {
  const estimate = estimateAfter(estimateCreated());
  const { data } = salesOrderFromEstimate(estimate, conversion, 3001, lineIds());

  it('is open, numbered, issued on the conversion day at its location, linked to the estimate', () => {
    expect(data).toMatchObject({
      id: conversion.document_id,
      sales_order_number: 3001,
      status_id: 29,
      issue_date: '2030-02-01',
      location_id: conversion.location_id,
      customer_id: estimate.customer_id,
      salesperson_id: estimate.salesperson_id,
      source_estimate_id: estimate.id,
      expiry_date: null,
      custom_field_values: [],
    });
  });

  it('takes the estimate’s lines under new ids with the same amounts', () => {
    expect(data.lines.map((line) => [line.quantity, line.subtotal])).toEqual(
      estimate.lines.map((line) => [line.quantity, line.subtotal]),
    );
    expect(data.totals.total).toBe(estimate.totals.total);
    expect(new Set(data.lines.map((line) => line.id)).size).toBe(data.lines.length);
    expect(data.lines.some((line) => estimate.lines.some((old) => old.id === line.id))).toBe(false);
  });

  it('folds into a live order with nothing invoiced, packed or shipped', () => {
    const state = stateAfter(folding, [{ type: 'SalesOrderCreated', data }]);
    expect(state).toMatchObject({ status: 'live', record: { invoices: [], fulfillments: [] } });
  });
});
