import { convertedEstimate } from '../estimate/converted';
import { EstimateConverted, EstimateRecord } from '../estimate';
import { InvoiceCreated } from './events';
import { INVOICE_KIND } from './fields';
import { InvoiceAmounts } from './state';
import { INVOICE_STATUS } from './status';

/**
 * The unpaid invoice an estimate's conversion makes (convertedEstimate), with the estimate's
 * salesperson, under `invoice_number`.
 */
export function invoiceFromEstimate(
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  invoiceNumber: number,
  newLineId: () => string,
): InvoiceCreated {
  const { customer, header, lines, totals } = convertedEstimate(
    INVOICE_KIND,
    estimate,
    conversion,
    newLineId,
  );
  return {
    type: 'InvoiceCreated',
    data: {
      id: conversion.document_id,
      account_id: estimate.account_id,
      invoice_number: invoiceNumber,
      salesperson_id: estimate.salesperson_id,
      status_id: INVOICE_STATUS.unpaid,
      ...customer,
      ...header,
      custom_invoice_number: null,
      lines,
      totals: totals as InvoiceAmounts,
      source_estimate_id: estimate.id,
      created_at: conversion.converted_at,
    },
  };
}
