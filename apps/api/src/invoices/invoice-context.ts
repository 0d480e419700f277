import { Injectable } from '@nestjs/common';
import { InvoiceContext, InvoiceInput, InvoiceState } from '@app/domain';
import { Actor } from '../auth/actor';
import { DocumentAccess, DocumentContexts, documentSight } from '../documents/document-context';
import { DocumentParties } from '../documents/document-parties';
import { packingSettings } from '../documents/document-settings';

export const INVOICE_ACCESS: DocumentAccess = {
  viewAll: 'invoices.view_all',
  customFields: 'invoice_custom_fields',
  takesUnits: true,
};

/** Who may see which invoices: the domain's visibility inputs for a caller. */
export function invoiceSight(actor: Actor) {
  return documentSight(actor, INVOICE_ACCESS);
}

/** The account's packing and receipt settings an invoice decision reads. */
export function invoiceSettings(actor: Actor) {
  return {
    ...packingSettings(actor),
    automaticPaymentReceipts: actor.settings.automatic_payment_receipts,
  };
}

/**
 * The context of one invoice decision: a document's, the account's packing and receipt settings,
 * and (only when `withRecipients`: a dispatch, a payment with receipts on) who the customer's
 * mail goes to.
 */
@Injectable()
export class InvoiceContexts {
  constructor(
    private readonly documents: DocumentContexts,
    private readonly parties: DocumentParties,
  ) {}

  async of(
    actor: Actor,
    state: InvoiceState,
    input: InvoiceInput,
    now: string,
    withRecipients = false,
  ): Promise<InvoiceContext> {
    const context = await this.documents.of(actor, INVOICE_ACCESS, state, input, now);
    const recipients =
      withRecipients && state.status === 'live'
        ? await this.parties.recipients(actor.accountId, state.record.customer_id)
        : [];
    return { ...context, ...invoiceSettings(actor), recipients };
  }
}
