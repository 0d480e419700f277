import { Body, Controller, Get, Header, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { InvoiceCommand, paymentView, permissionDenied } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor, can } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { parseIfMatch, setETag } from '../http/etag';
import { IfMatch } from '../http/if-match';
import { pathOf } from '@app/runtime';
import { refuseUnknownParams } from '@app/runtime';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ListOperation } from '../openapi/record-operations';
import { PaymentBody, RefundBody } from './invoice-bodies';
import { ChangeInvoice } from './invoice-commands';
import { DocumentParties } from '../documents/document-parties';
import { InvoiceReads } from './invoice-reads';
import { InvoicePaymentReceiptPreviewSchema, InvoicePaymentSchema } from './invoice-schemas';

/** The revision a write expects (its ETag); a stale one answers 409 mobile_mutation_conflict. */
const IF_MATCH = 'The revision (ETag)';

/**
 * Payments and refunds of an invoice (documents-api §4). Each is decided on the invoice's stream
 * with the revision it read, so concurrent payers can never take it past its balance; the payment
 * and the invoice's new amounts and status are one event.
 */
@ApiTags('invoices')
@Controller('api/v3/invoices/:id')
export class InvoicePaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: InvoiceReads,
    private readonly parties: DocumentParties,
  ) {}

  @Post('payments')
  @Access('invoices:payments', 'invoices.apply_payments')
  @ApiOperation({
    summary: 'Record a manual payment (201); never charges a card',
  })
  @ApiBody({ type: PaymentBody })
  @ApiCreatedResponse({
    type: InvoicePaymentSchema,
    description: 'The payment {id, object, invoice_id, amount, type, reference, payment_date, card}',
  })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed (param amount: beyond the balance)' })
  @ApiConflictResponse({ description: 'invoice_payment_not_allowed (cancelled) or mobile_mutation_conflict' })
  @ApiErrors(404, 409, 410)
  pay(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: PaymentBody,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'RecordPayment' as const, payment_id: randomUUID(), input: documentInput(body) };
    return this.record(reply, actor, id, command, ifMatch);
  }

  @Post('refunds')
  @Access('invoices:refunds', 'invoices.apply_payments')
  @ApiOperation({
    summary: 'Record a manual refund of the net paid amount (201), as a negative payment',
  })
  @ApiBody({ type: RefundBody })
  @ApiCreatedResponse({
    type: InvoicePaymentSchema,
    description: 'The refund as a payment of type refund, amount negative',
  })
  @ApiUnprocessableEntityResponse({
    description: 'validation_failed (param amount: above payments less refunds)',
  })
  @ApiErrors(404, 409, 410)
  refund(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: RefundBody,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'RecordRefund' as const, payment_id: randomUUID(), input: documentInput(body) };
    return this.record(reply, actor, id, command, ifMatch);
  }

  @Post('payments/:payment_id/refunds')
  @Access('invoices:refunds', 'invoices.apply_payments')
  @ApiOperation({
    summary: 'Legacy: refund one payment (201), up to its unrefunded amount; body as POST …/refunds',
  })
  @ApiBody({ type: RefundBody })
  @ApiCreatedResponse({
    type: InvoicePaymentSchema,
    description: 'The refund as a payment of type refund, amount negative',
  })
  @ApiNotFoundResponse({ description: 'resource_missing: no such payment on the invoice' })
  @ApiErrors(404, 409, 410)
  refundPayment(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('payment_id') paymentId: string,
    @Body() body: RefundBody,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = {
      type: 'RecordRefund' as const,
      payment_id: randomUUID(),
      input: documentInput(body),
      refunded_payment_id: paymentId.toLowerCase(),
    };
    return this.record(reply, actor, id, command, ifMatch);
  }

  @Get('payments')
  @Access('invoices:read', 'invoices.payment_list')
  @ListOperation(InvoicePaymentSchema, 'Payments and refunds, newest payment date first', {
    limitRange: false,
    total: true,
  })
  @ApiErrors(404, 410)
  payments(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    if (!can(actor, 'invoices.list')) throw permissionDenied('Listing payments also needs invoices.list.');
    return this.reads.payments(actor, id, query, pathOf(request.url));
  }

  @Get('payment-receipt-preview')
  @Access('invoices:payments', 'invoices.apply_payments')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Who an automatic payment receipt would go to (nothing sent)',
  })
  @ApiOkResponse({
    type: InvoicePaymentReceiptPreviewSchema,
    description: '{object: "invoice_payment_receipt_preview", invoice_id, enabled, recipients}',
  })
  @ApiErrors(404, 410)
  async receiptPreview(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    refuseUnknownParams(query);
    if (!can(actor, 'invoices.payment_list'))
      throw permissionDenied('Previewing payment receipts needs invoices.payment_list.');
    const { invoice } = await this.reads.visible(actor, id);
    const enabled = actor.settings.automatic_payment_receipts;
    const recipients = enabled ? await this.parties.recipients(actor.accountId, invoice.customer_id) : [];
    const preview: InvoicePaymentReceiptPreviewSchema = {
      object: 'invoice_payment_receipt_preview',
      invoice_id: invoice.id,
      enabled,
      recipients,
    };
    return preview;
  }

  /** Payments and refunds also need `invoices.list` (documents-api §4). */
  private async record(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: InvoiceCommand,
    ifMatch?: string,
  ) {
    if (!can(actor, 'invoices.list')) throw permissionDenied('Recording payments needs invoices.list.');
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch) };
    const written = await this.commands.execute(new ChangeInvoice(actor, change));
    setETag(reply, written.revision);
    reply.status(201);
    const recorded = written.events.find((event) => event.type === 'InvoicePaymentRecorded');
    return paymentView(written.id, recorded!.data.payment);
  }
}
