import { copiedLines, DocumentKind, headerOf } from '../document';
import { EstimateConverted } from './events';
import { EstimateRecord } from './state';

/**
 * What an estimate's conversion carries into the new document of `kind`: its customer (a prospect
 * then counts as a customer), details, lines, prices, discounts, taxes and shipping, on the issue
 * date the conversion recorded. Custom field values stay behind: the account's fields of the new
 * document's type are not its estimate fields. `newLineId` gives the new line ids, so that the
 * same conversion always makes the same document.
 */
export function convertedEstimate(
  kind: DocumentKind,
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  newLineId: () => string,
) {
  const header = { ...headerOf(estimate), custom_field_values: [], issue_date: conversion.issue_date };
  const { lines, totals } = copiedLines(kind, { ...header, lines: estimate.lines }, newLineId);
  // A prospect converted becomes a customer (the conversion's step promotes it).
  const customer = {
    customer_id: estimate.customer_id,
    customer_name: estimate.customer_name,
    customer_kind: 'customer' as const,
  };
  return { customer, header, lines, totals };
}
