import { copiedLines, customerFields } from '../document';
import { EstimateConverted, EstimateRecord } from '../estimate';
import { headerOf } from '../document';
import { InvoiceCreated } from './events';
import { INVOICE_KIND } from './fields';
import { InvoiceAmounts } from './state';
import { INVOICE_STATUS } from './status';

/**
 * The invoice an estimate's conversion makes: its customer (a prospect then counts as a customer),
 * salesperson, details, lines, prices, discounts, taxes and shipping, under `invoice_number`, on
 * the issue date the conversion recorded. Custom field values stay behind: the account's invoice
 * fields are not its estimate fields. `newLineId` gives the invoice's line ids, so that the same
 * conversion always makes the same invoice.
 */
export function invoiceFromEstimate(
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  invoiceNumber: number,
  newLineId: () => string,
): InvoiceCreated {
  const header = { ...headerOf(estimate), custom_field_values: [], issue_date: conversion.issue_date };
  const { lines, totals } = copiedLines(INVOICE_KIND, { ...header, lines: estimate.lines }, newLineId);
  return {
    type: 'InvoiceCreated',
    data: {
      id: conversion.document_id,
      account_id: estimate.account_id,
      invoice_number: invoiceNumber,
      salesperson_id: estimate.salesperson_id,
      status_id: INVOICE_STATUS.unpaid,
      ...customerFields({
        id: estimate.customer_id,
        name: estimate.customer_name,
        kind: 'customer',
      } as Parameters<typeof customerFields>[0]),
      ...header,
      custom_invoice_number: null,
      lines,
      totals: totals as InvoiceAmounts,
      source_estimate_id: estimate.id,
      created_at: conversion.converted_at,
    },
  };
}
