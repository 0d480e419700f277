import { EstimateConverted, invoiceAggregate, salesOrderAggregate } from '@app/domain';
import { streamName } from '@app/event-store/aggregate';
import { estimateConversionReactor } from './estimate-conversion-reactor';
import { creationAudit } from '../audit/open-steps';

const DOCUMENTS = { invoice: invoiceAggregate, sales_order: salesOrderAggregate };

/** An estimate converted (EstimateConverted) whose invoice or sales order was never created. */
export const estimateConversionAudit = creationAudit(
  estimateConversionReactor.name,
  'EstimateConverted',
  (trigger) => {
    const { target, document_id } = trigger.data as EstimateConverted['data'];
    return {
      stream: streamName(DOCUMENTS[target], document_id),
      missing: `${target} ${document_id}, converted from ${trigger.streamId}, was never created`,
    };
  },
);
