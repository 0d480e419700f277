import { PARTY_CREATED_DATA } from '@app/domain/party/party-rules.fixture';
import {
  ACME,
  created,
  estimate,
  estimateContext,
  LEAD,
  TODAY,
  TWO_LINES,
} from '@app/domain/estimate/estimate.fixture';
import { ACCOUNT_ID, LATER, RECORD_ID, USER_ID } from '@app/domain/testing/fixtures';
import { EventStore, RecordedEvent } from '@app/event-store';
import { runReactorStep, stepEventId } from '@app/read-models';
import { estimateConversionReactor } from './estimate-conversion-reactor';
import { auditAfter, eventsOf, given, storeFor, STORES, trigger } from '../testing/process-spec';
import { expectAuditedUntilStepRuns, expectRepeatChangesNothing } from '../testing/step-expectations';

const DOCUMENT = 'd0c00000-0000-4000-8000-000000000001';
const LOCATION = '10c00000-0000-4000-8000-000000000001';
const ESTIMATE_STREAM = `estimate-${RECORD_ID}`;

/** The estimate for `customerId` converted into `target`: its stream's events, the last the trigger. */
function convertedEstimate(target: 'invoice' | 'sales_order', customerId = ACME) {
  const estimateCreated = created({ customer_id: customerId, lines: TWO_LINES });
  const command = {
    type: 'ConvertEstimate' as const,
    target,
    document_id: DOCUMENT,
    input: {},
    ...(target === 'sales_order' ? { location_id: LOCATION } : {}),
  };
  const converted = estimate.given(estimateCreated).when(command, estimateContext());
  if (!Array.isArray(converted)) throw converted;
  return [estimateCreated, ...converted];
}

async function conversionInLog(store: EventStore, target: 'invoice' | 'sales_order', customerId = ACME) {
  return trigger(store, ESTIMATE_STREAM, convertedEstimate(target, customerId));
}

/** The prospect LEAD, and its estimate converted into an invoice: the conversion. */
async function prospectConversionInLog(store: EventStore) {
  await given(store, `customer-${LEAD}`, [
    { type: 'CustomerCreated', data: { ...PARTY_CREATED_DATA, id: LEAD, kind: 'prospect' } },
  ]);
  return conversionInLog(store, 'invoice', LEAD);
}

const lineIds = (conversion: RecordedEvent) =>
  [0, 1].map((i) => ({ id: stepEventId(conversion.id, 'invoice-line', i) }));

describe.each(STORES)(
  'estimate conversion (EstimateConverted → the new document, numbered; a prospect promoted) on %s',
  (kind) => {
    const storeOf = storeFor(kind);

    it('draws the invoice number and creates the invoice with the estimate lines, ids derived from the conversion', async () => {
      // given an estimate of a customer converted into an invoice
      const store = storeOf();
      const conversion = await conversionInLog(store, 'invoice');

      // when the step runs
      await runReactorStep(estimateConversionReactor, conversion, store);

      // then the account's first invoice number went to the document, and the invoice exists with it
      expect(await eventsOf(store, `counter-${ACCOUNT_ID}-invoice`)).toEqual([
        expect.objectContaining({
          id: stepEventId(conversion.id, 'invoice-number', 0),
          type: 'NumberAssigned',
          data: expect.objectContaining({ sequence: 'invoice', number: 1, record_id: DOCUMENT }),
        }),
      ]);
      expect(await eventsOf(store, `invoice-${DOCUMENT}`)).toEqual([
        expect.objectContaining({
          id: stepEventId(conversion.id, 'create-invoice', 0),
          type: 'InvoiceCreated',
          data: expect.objectContaining({
            id: DOCUMENT,
            invoice_number: 1,
            customer_id: ACME,
            source_estimate_id: RECORD_ID,
            issue_date: TODAY,
            created_at: LATER,
            lines: lineIds(conversion).map((line) => expect.objectContaining(line)),
            totals: expect.objectContaining({ total: '68.1938' }),
          }),
          metadata: expect.objectContaining({ causation_id: conversion.id }),
        }),
      ]);
      // and a customer is left alone
      expect(await eventsOf(store, `customer-${ACME}`)).toEqual([]);
    });

    it('creates a sales order at the chosen location, numbered on its own counter', async () => {
      // given an estimate converted into a sales order
      const store = storeOf();
      const conversion = await conversionInLog(store, 'sales_order');

      // when the step runs
      await runReactorStep(estimateConversionReactor, conversion, store);

      // then the sales order exists with the first sales-order number
      expect(await eventsOf(store, `counter-${ACCOUNT_ID}-sales_order`)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ number: 1, record_id: DOCUMENT }) }),
      ]);
      expect(await eventsOf(store, `salesOrder-${DOCUMENT}`)).toEqual([
        expect.objectContaining({
          id: stepEventId(conversion.id, 'create-sales-order', 0),
          type: 'SalesOrderCreated',
          data: expect.objectContaining({
            id: DOCUMENT,
            sales_order_number: 1,
            location_id: LOCATION,
            source_estimate_id: RECORD_ID,
          }),
        }),
      ]);
    });

    it('makes the prospect of the estimate a customer', async () => {
      // given a prospect, and its estimate converted into an invoice
      const store = storeOf();
      const conversion = await prospectConversionInLog(store);

      // when the step runs
      await runReactorStep(estimateConversionReactor, conversion, store);

      // then the prospect was converted, by this estimate, when the estimate was
      const [, promoted] = await eventsOf(store, `customer-${LEAD}`);
      expect(promoted).toMatchObject({
        id: stepEventId(conversion.id, 'promote-prospect', 0),
        type: 'ProspectConvertedToCustomer',
        data: { estimate_id: RECORD_ID, converted_at: LATER },
        metadata: { user_id: USER_ID },
      });
    });

    it('changes nothing when the step runs again: the same number, one invoice, one promotion', async () => {
      // given a prospect's conversion whose step ran
      const store = storeOf();
      const conversion = await prospectConversionInLog(store);

      // when it runs again, then the log is as it was, and the repeat found the first run's events
      await expectRepeatChangesNothing(estimateConversionReactor, conversion, store);
    });

    it('is audited: a conversion without its document is one finding, none once the step ran', async () => {
      // given a conversion whose step has not run, past the grace period
      const store = storeOf();
      const conversion = await conversionInLog(store, 'invoice');

      expect(conversion.streamId).toBe(ESTIMATE_STREAM);

      // then the audit finds nothing while the step may still be in flight
      expect(await auditAfter(store, conversion, 0)).toEqual([]);
      // but past the grace period it names the process and the missing invoice, until the step runs
      await expectAuditedUntilStepRuns(estimateConversionReactor, conversion, store, {
        process: 'estimate_conversion',
        missing: expect.stringContaining(`invoice ${DOCUMENT}`),
      });
    });
  },
);
