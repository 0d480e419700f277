import { Injectable } from '@nestjs/common';
import { EstimateContext, EstimateInput, EstimateState } from '@app/domain';
import { Actor } from '../auth/actor';
import { DocumentAccess, DocumentContexts, documentSight } from '../documents/document-context';

export const ESTIMATE_ACCESS: DocumentAccess = {
  viewAll: 'estimates.view_all',
  customFields: 'estimate_custom_fields',
};

/** Who may see which estimates: the domain's visibility inputs for a caller. */
export function estimateSight(actor: Actor) {
  return documentSight(actor, ESTIMATE_ACCESS);
}

/** The context of one estimate decision: a document's, and the account's estimate expiry. */
@Injectable()
export class EstimateContexts {
  constructor(private readonly documents: DocumentContexts) {}

  async of(actor: Actor, state: EstimateState, input: EstimateInput, now: string): Promise<EstimateContext> {
    const context = await this.documents.of(actor, ESTIMATE_ACCESS, state, input, now);
    return { ...context, estimateExpiryDays: actor.settings.estimate_expiry_days };
  }
}
