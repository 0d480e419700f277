import {
  customerAggregate,
  CustomerState,
  decideCustomer,
  estimateAggregate,
  EstimateConverted,
  EstimateRecord,
  invoiceAggregate,
  invoiceFromEstimate,
  salesOrderAggregate,
  salesOrderFromEstimate,
} from '@app/domain';
import { JsonObject } from '@app/event-store';
import { foldEvents, streamName } from '@app/event-store/aggregate';
import { defineReactor, stepEventId } from '@app/read-models';
import { drawNumberStep } from '../numbering/number-step';
import { triggerRecordState } from '../trigger-record';

/** What an estimate becomes: the new document's counter, stream and creation event. */
const TARGETS = {
  invoice: {
    sequence: 'invoice',
    step: 'create-invoice',
    aggregate: invoiceAggregate,
    make: invoiceFromEstimate,
  },
  sales_order: {
    sequence: 'sales_order',
    step: 'create-sales-order',
    aggregate: salesOrderAggregate,
    make: salesOrderFromEstimate,
  },
} satisfies Record<
  EstimateConverted['data']['target'],
  {
    sequence: string;
    step: string;
    aggregate: { streamPrefix: string };
    make: (
      estimate: EstimateRecord,
      conversion: EstimateConverted['data'],
      number: number,
      newLineId: () => string,
    ) => { type: string; data: object };
  }
>;

/**
 * The later steps of an estimate's conversion into an invoice or a sales order: the estimate's
 * stream recorded EstimateConverted (status 6, the new document's id) first; then the document's
 * number is drawn, the document created with the estimate's lines, and a prospect made a customer. The request runs this
 * step itself for its answer; this reactor does when the request could not (the process stopped
 * after the estimate's append). Every append has ids derived from the conversion, so the number
 * drawn once is the number a repeat finds, and the invoice is created once.
 */
export const estimateConversionReactor = defineReactor({
  name: 'estimate_conversion',
  handles: ['EstimateConverted'],
  async react(event, tools) {
    const conversion = event.data as EstimateConverted['data'];
    const target = TARGETS[conversion.target];
    const estimate = await triggerRecordState(estimateAggregate, 'estimate', event, tools);
    const { record } = estimate;
    const number = await drawNumberStep(tools, {
      accountId: record.account_id,
      sequence: target.sequence,
      recordId: conversion.document_id,
      at: conversion.converted_at,
    });
    const created = target.make(record, conversion, number, lineIds(event.id));
    const stream = streamName(target.aggregate, conversion.document_id);
    await tools.append(stream, target.step, [created], {
      expectedRevision: 'no_stream',
    });
    if (record.customer_kind === 'prospect')
      await tools.decideAndAppend(
        streamName(customerAggregate, record.customer_id),
        'promote-prospect',
        (events) =>
          promotion(
            foldEvents(customerAggregate, events) as CustomerState,
            record.id,
            record.account_id,
            conversion,
          ),
      );
  },
});

function promotion(
  state: CustomerState,
  estimateId: string,
  accountId: string,
  conversion: EstimateConverted['data'],
): { type: string; data: JsonObject }[] {
  if (state.status !== 'live') return [];
  const context = { now: conversion.converted_at, accountId, userId: conversion.user_id };
  const decided = decideCustomer(
    { type: 'ConvertProspectToCustomer', estimate_id: estimateId },
    state,
    context,
  );
  return Array.isArray(decided) ? decided : [];
}

/** The invoice's line ids, derived from the conversion: the same conversion makes the same lines. */
function lineIds(triggerId: string): () => string {
  let next = 0;
  return () => stepEventId(triggerId, 'invoice-line', next++);
}
