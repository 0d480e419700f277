import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideEstimate,
  estimateAggregate,
  invoiceAggregate,
  isRecordId,
  permissionDenied,
  salesOrderAggregate,
} from '@app/domain';
import { StreamAppend } from '@app/event-store';
import { streamName } from '@app/event-store/aggregate';
import { Actor, can, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { EstimateContexts } from '../estimates/estimate-context';
import { EstimateExpiries } from '../estimates/estimate-expiries';
import { resourceMissing } from '@app/runtime';
import { RecordLimit } from '../records/record-limit';
import { ReactorSteps } from '../reactors/reactor-steps';
import { estimateConversionReactor } from '@app/processes';
import { UniqueUnits } from '../invoices/unique-units';

/**
 * Estimate → invoice or sales order (documents-api §4). The estimate's stream decides and records
 * the conversion first, with the revision it read, so two conversions cannot both win; the new
 * document's number, the document and the prospect's promotion follow from that record
 * (estimate-conversion-reactor.ts): run here for the answer, or by the reactor when the process
 * stopped first, with the same ids.
 */
@Injectable()
export class EstimateConversions {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: EstimateContexts,
    private readonly expiries: EstimateExpiries,
    private readonly recordLimit: RecordLimit,
    private readonly units: UniqueUnits,
    private readonly steps: ReactorSteps,
  ) {}

  /** Estimate → invoice: the invoice's unique units are taken as the estimate closes. */
  async toInvoice(actor: Actor, estimateId: string, body: Record<string, unknown>, ifMatch?: number) {
    if (!can(actor, 'invoices.modify'))
      throw permissionDenied('Converting into an invoice needs invoices.modify.');
    const { documentId } = await this.convert(actor, estimateId, { target: 'invoice', body }, ifMatch);
    return this.writer.read(invoiceAggregate, documentId);
  }

  /** Estimate → sales order, at the user's own location (none for an unrestricted user). */
  async toSalesOrder(actor: Actor, estimateId: string, body: Record<string, unknown>, ifMatch?: number) {
    if (!can(actor, 'sales_orders.list') || !can(actor, 'sales_orders.modify'))
      throw permissionDenied(
        'Converting into a sales order needs sales_orders.list and sales_orders.modify.',
      );
    const conversion = { target: 'sales_order' as const, body, location_id: actor.locationId };
    const { documentId } = await this.convert(actor, estimateId, conversion, ifMatch);
    return this.writer.read(salesOrderAggregate, documentId);
  }

  /**
   * Records the conversion on the estimate's stream, then runs the reactor's step that creates the
   * document. An invoice's unique units are taken in the same atomic append as the conversion: a
   * unit already sold refuses it (409 item_unit_unavailable) and leaves the estimate open.
   */
  private async convert(
    actor: Actor,
    estimateId: string,
    conversion: {
      target: 'invoice' | 'sales_order';
      body: Record<string, unknown>;
      location_id?: string | null;
    },
    ifMatch?: number,
  ): Promise<{ documentId: string }> {
    if (!isRecordId(estimateId)) throw resourceMissing();
    // Past its expiry date the estimate is recorded expired, then refused as not open.
    const held = await this.expiries.expireIfDue(actor, estimateId, ifMatch);
    const metadata = eventMetadata(actor);
    const documentId = randomUUID();
    const { body, ...rest } = conversion;
    const command = { type: 'ConvertEstimate' as const, ...rest, document_id: documentId, input: body };
    const takesUnits = conversion.target === 'invoice';
    let units: StreamAppend[] = [];
    const { revision, position } = await this.writer.write(
      estimateAggregate,
      estimateId,
      async (state) => {
        units = [];
        const context = await this.contexts.of(actor, state, {}, new Date().toISOString());
        const decision = decideEstimate(command, state, context);
        if (!Array.isArray(decision) || decision.length === 0 || state.status !== 'live') return decision;
        await this.recordLimit.assertRoomFor(actor);
        if (takesUnits) units = await this.units.move(actor, documentId, [], state.record.lines);
        return decision;
      },
      { metadata, ifMatch: held, readModelsAwaitedAfter: true, alongside: () => units },
    );
    // Once recorded, the conversion stands: the reactor creates the document if this process stops.
    const estimateStream = streamName(estimateAggregate, estimateId);
    await this.steps.runNow(estimateConversionReactor, estimateStream, revision, position);
    return { documentId };
  }
}
