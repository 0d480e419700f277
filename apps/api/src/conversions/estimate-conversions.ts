import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideEstimate,
  estimateAggregate,
  EstimateRecord,
  invoiceAggregate,
  isRecordId,
  permissionDenied,
} from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { Actor, can, eventMetadata } from '../auth/actor';
import { RecordWriter } from '../commands/record-writer';
import { EstimateContexts } from '../estimates/estimate-context';
import { resourceMissing } from '../http/api-error';
import { RecordLimit } from '../records/record-limit';
import { ReactorSteps } from '../reactors/reactor-steps';
import { estimateConversionReactor } from './estimate-conversion-reactor';
import { UniqueUnits } from '../invoices/unique-units';

/**
 * Estimate → invoice (documents-api §4). The estimate's stream decides and records the conversion
 * first, with the revision it read, so two conversions cannot both win; the invoice's number, the
 * invoice and the prospect's promotion follow from that record (estimate-conversion-reactor.ts):
 * run here for the answer, or by the reactor when the process stopped first, with the same ids.
 */
@Injectable()
export class EstimateConversions {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: EstimateContexts,
    private readonly recordLimit: RecordLimit,
    private readonly units: UniqueUnits,
    private readonly steps: ReactorSteps,
  ) {}

  async toInvoice(actor: Actor, estimateId: string, body: Record<string, unknown>, ifMatch?: number) {
    if (!isRecordId(estimateId)) throw resourceMissing();
    if (!can(actor, 'invoices.modify'))
      throw permissionDenied('Converting into an invoice needs invoices.modify.');
    const metadata = eventMetadata(actor);
    const documentId = randomUUID();
    const command = {
      type: 'ConvertEstimate' as const,
      target: 'invoice' as const,
      document_id: documentId,
      input: body,
    };
    let claimed: EstimateRecord['lines'] = [];
    let recorded = false;
    try {
      const { revision } = await this.writer.write(
        estimateAggregate,
        estimateId,
        async (state) => {
          const context = await this.contexts.of(actor, state, {}, new Date().toISOString());
          const decision = decideEstimate(command, state, context);
          if (!Array.isArray(decision) || decision.length === 0 || state.status !== 'live') return decision;
          await this.recordLimit.assertRoomFor(actor);
          // The invoice's unique units are taken before the estimate closes: a unit already sold
          // refuses the conversion (409 item_unit_unavailable) and leaves the estimate open.
          claimed = state.record.lines;
          await this.units.claim(actor, documentId, claimed);
          return decision;
        },
        { metadata, ifMatch },
      );
      recorded = true;
      await this.steps.runNow(estimateConversionReactor, streamName(estimateAggregate, estimateId), revision);
      return await this.writer.read(invoiceAggregate, documentId);
    } catch (error) {
      // Once recorded, the conversion stands: the reactor creates the invoice, units and all.
      if (!recorded) await this.units.release(actor, documentId, claimed);
      throw error;
    }
  }
}
