import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  customerAggregate,
  decideCustomer,
  decideEstimate,
  estimateAggregate,
  EstimateConverted,
  EstimateRecord,
  invoiceAggregate,
  InvoiceEvent,
  invoiceFromEstimate,
  isRecordId,
  permissionDenied,
} from '@app/domain';
import { EventMetadata, WrongExpectedVersionError } from '@app/event-store';
import { Actor, can, eventMetadata } from '../auth/actor';
import { derivedId } from '../commands/derived-id';
import { RecordWriter } from '../commands/record-writer';
import { EstimateContexts } from '../estimates/estimate-context';
import { resourceMissing } from '../http/api-error';
import { Numbering } from '../records/numbering';
import { RecordLimit } from '../records/record-limit';

/** What a recorded conversion names: the estimate, and its EstimateConverted event's data. */
export interface RecordedConversion {
  estimateId: string;
  conversion: EstimateConverted['data'];
  metadata: EventMetadata;
}

/**
 * Estimate → invoice (documents-api §4). The estimate's stream decides and records the conversion
 * first, with the revision it read, so two conversions cannot both win; the invoice and the
 * prospect's promotion follow from that record with ids derived from it (`complete`), so running
 * them twice, here and in the conversion reactor after a crash, changes nothing.
 */
@Injectable()
export class EstimateConversions {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: EstimateContexts,
    private readonly numbering: Numbering,
    private readonly recordLimit: RecordLimit,
  ) {}

  async toInvoice(actor: Actor, estimateId: string, body: Record<string, unknown>, ifMatch?: number) {
    if (!isRecordId(estimateId)) throw resourceMissing();
    if (!can(actor, 'invoices.modify'))
      throw permissionDenied('Converting into an invoice needs invoices.modify.');
    const metadata = eventMetadata(actor);
    const command = {
      type: 'ConvertEstimate' as const,
      target: 'invoice' as const,
      document_id: randomUUID(),
      input: body,
    };
    const { events } = await this.writer.write(
      estimateAggregate,
      estimateId,
      async (state) => {
        const context = await this.contexts.of(actor, state, {}, new Date().toISOString());
        const decision = decideEstimate(command, state, context);
        if (Array.isArray(decision) && decision.length > 0) await this.recordLimit.assertRoomFor(actor);
        return decision;
      },
      { metadata, ifMatch },
    );
    const converted = events[0] as EstimateConverted;
    return this.complete({ estimateId, conversion: converted.data, metadata });
  }

  /** The invoice of a recorded conversion, created unless it exists; a prospect becomes a customer. */
  async complete({ estimateId, conversion, metadata }: RecordedConversion) {
    const { state } = await this.writer.read(estimateAggregate, estimateId);
    if (state.status === 'absent')
      throw new Error(`Estimate ${estimateId} of a recorded conversion is missing`);
    const estimate = state.record;
    const invoice = await this.createInvoice(estimate, conversion, metadata);
    await this.promoteProspect(estimate, conversion, metadata);
    return invoice;
  }

  private async createInvoice(
    estimate: EstimateRecord,
    conversion: EstimateConverted['data'],
    metadata: EventMetadata,
  ) {
    const invoiceId = conversion.document_id;
    const existing = await this.writer.read(invoiceAggregate, invoiceId);
    if (existing.state.status !== 'absent') return existing;
    const decide = async (): Promise<InvoiceEvent[]> => {
      const number = await this.numbering.next({
        accountId: estimate.account_id,
        sequence: 'invoice',
        recordId: invoiceId,
        metadata,
        now: conversion.converted_at,
      });
      let line = 0;
      const lineId = () => derivedId(invoiceId, 'line', String(line++));
      return [invoiceFromEstimate(estimate, conversion, number, lineId)];
    };
    const eventIds = (type: string, index: number) => derivedId(invoiceId, type, String(index));
    try {
      return await this.writer.write(invoiceAggregate, invoiceId, decide, {
        metadata,
        fresh: true,
        eventIds,
      });
    } catch (error) {
      // Created meanwhile by the other runner of this step: it is done.
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      return this.writer.read(invoiceAggregate, invoiceId);
    }
  }

  private async promoteProspect(
    estimate: EstimateRecord,
    conversion: EstimateConverted['data'],
    metadata: EventMetadata,
  ) {
    if (estimate.customer_kind !== 'prospect') return;
    const context = {
      now: conversion.converted_at,
      accountId: estimate.account_id,
      userId: conversion.user_id,
    };
    const eventIds = (type: string, index: number) =>
      derivedId(conversion.document_id, 'customer', type, String(index));
    await this.writer.write(
      customerAggregate,
      estimate.customer_id,
      (state) =>
        state.status === 'live'
          ? decideCustomer({ type: 'ConvertProspectToCustomer', estimate_id: estimate.id }, state, context)
          : [],
      { metadata, eventIds },
    );
  }
}
