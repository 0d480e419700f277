import { convertedEstimate } from '../estimate/converted';
import type { EstimateConverted, EstimateRecord } from '../estimate';
import { SalesOrderCreated } from './events';
import { SALES_ORDER_KIND } from './fields';
import { SalesOrderAmounts } from './state';
import { SALES_ORDER_STATUS } from './status';

/**
 * The open sales order an estimate's conversion makes (convertedEstimate), with the estimate's
 * salesperson, under `salesOrderNumber`, at the location the conversion recorded. No expiry date
 * or packing-list note: an estimate has neither.
 */
export function salesOrderFromEstimate(
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  salesOrderNumber: number,
  newLineId: () => string,
): SalesOrderCreated {
  const { customer, header, lines, totals } = convertedEstimate(
    SALES_ORDER_KIND,
    estimate,
    conversion,
    newLineId,
  );
  return {
    type: 'SalesOrderCreated',
    data: {
      id: conversion.document_id,
      account_id: estimate.account_id,
      sales_order_number: salesOrderNumber,
      salesperson_id: estimate.salesperson_id,
      location_id: conversion.location_id ?? null,
      status_id: SALES_ORDER_STATUS.open,
      ...customer,
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
