import { copiedLines, customerFields, headerOf } from '../document';
import type { EstimateConverted, EstimateRecord } from '../estimate';
import { SalesOrderCreated } from './events';
import { SALES_ORDER_KIND } from './fields';
import { SalesOrderAmounts } from './state';
import { SALES_ORDER_STATUS } from './status';

/**
 * The open sales order an estimate's conversion makes: its customer (a prospect then counts as a
 * customer), salesperson, details, lines, prices, discounts, taxes and shipping, under
 * `salesOrderNumber`, issued on the conversion's date at the location it recorded. No expiry date
 * or packing-list note (an estimate has neither); custom field values stay behind (the account's
 * sales-order fields are not its estimate fields). `newLineId` gives the order's line ids, so the
 * same conversion always makes the same order.
 */
export function salesOrderFromEstimate(
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  salesOrderNumber: number,
  newLineId: () => string,
): SalesOrderCreated {
  const header = { ...headerOf(estimate), custom_field_values: [], issue_date: conversion.issue_date };
  const { lines, totals } = copiedLines(SALES_ORDER_KIND, { ...header, lines: estimate.lines }, newLineId);
  return {
    type: 'SalesOrderCreated',
    data: {
      id: conversion.document_id,
      account_id: estimate.account_id,
      sales_order_number: salesOrderNumber,
      salesperson_id: estimate.salesperson_id,
      location_id: conversion.location_id ?? null,
      status_id: SALES_ORDER_STATUS.open,
      ...customerFields({
        id: estimate.customer_id,
        name: estimate.customer_name,
        kind: 'customer',
      } as Parameters<typeof customerFields>[0]),
      ...header,
      expiry_date: null,
      packing_list_note: null,
      lines,
      totals: totals as SalesOrderAmounts,
      source_estimate_id: estimate.id,
      created_at: conversion.converted_at,
    },
  };
}
