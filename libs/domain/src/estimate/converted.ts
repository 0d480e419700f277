import { copiedLines, DocumentAmounts, DocumentKind, headerOf } from '../document';
import { EstimateConverted } from './events';
import { EstimateRecord } from './state';

/**
 * What an estimate's conversion carries into the new document of `kind`: its customer (a prospect
 * then counts as a customer), details, lines, prices, discounts, taxes and shipping, on the issue
 * date the conversion recorded. Custom field values stay behind: the account's fields of the new
 * document's type are not its estimate fields. `newLineId` gives the new line ids, so that the
 * same conversion always makes the same document. The new document is the estimate's salesperson's,
 * created when the estimate was converted; `A` its type's totals.
 */
export function convertedEstimate<A extends DocumentAmounts = DocumentAmounts>(
  kind: DocumentKind,
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  newLineId: () => string,
) {
  const header = { ...headerOf(estimate), custom_field_values: [], issue_date: conversion.issue_date };
  const { lines, totals } = copiedLines(kind, { ...header, lines: estimate.lines }, newLineId);
  return {
    id: conversion.document_id,
    account_id: estimate.account_id,
    salesperson_id: estimate.salesperson_id,
    customer_id: estimate.customer_id,
    customer_name: estimate.customer_name,
    // A prospect converted becomes a customer (the conversion's step promotes it).
    customer_kind: 'customer' as const,
    ...header,
    lines,
    totals: totals as A,
    source_estimate_id: estimate.id,
    created_at: conversion.converted_at,
  };
}
