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
  return {
    type: 'SalesOrderCreated',
    data: {
      ...convertedEstimate<SalesOrderAmounts>(SALES_ORDER_KIND, estimate, conversion, newLineId),
      sales_order_number: salesOrderNumber,
      location_id: conversion.location_id ?? null,
      status_id: SALES_ORDER_STATUS.open,
      expiry_date: null,
      packing_list_note: null,
    },
  };
}
