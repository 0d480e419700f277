import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { purchaseOrderPaymentView } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { ApiPageQuery } from '../documents/route-docs';
import { setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { assertPurchaseOrderAccess } from './purchase-order-access';
import { PurchaseOrderPaymentBody } from './purchase-order-bodies';
import { ChangePurchaseOrder } from './purchase-order-commands';
import { PurchaseOrderReads } from './purchase-order-reads';
import { PurchaseOrderPaymentSchema } from './purchase-order-schemas';

/**
 * Manual payments of a purchase order (documents-api §4). Each is decided on the order's stream
 * with the revision it read, so concurrent payers can never take it past its total; the payment
 * and the order's new paid state are one event.
 */
@ApiTags('purchase-orders')
@Controller('api/v3/purchase-orders/:id/payments')
export class PurchaseOrderPaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: PurchaseOrderReads,
  ) {}

  @Get()
  @Access('purchase_orders:read', 'purchase_orders.access')
  @ApiOperation({ summary: 'Payments, newest payment date first' })
  @ApiPageQuery()
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiListOf(PurchaseOrderPaymentSchema)
  @ApiErrors(404, 410)
  list(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    assertPurchaseOrderAccess(actor);
    return this.reads.payments(actor, id, query, pathOf(request.url));
  }

  @Post()
  @Access('purchase_orders:payments', 'purchase_orders.modify')
  @ApiOperation({
    summary: 'Record a positive manual payment (201)',
  })
  @ApiBody({ type: PurchaseOrderPaymentBody })
  @ApiCreatedResponse({
    type: PurchaseOrderPaymentSchema,
    description: 'The payment {id, object, purchase_order_id, amount, type, reference, payment_date, card}',
  })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed (param amount: beyond the balance)' })
  @ApiConflictResponse({ description: 'purchase_order_payment_not_allowed' })
  @ApiErrors(404, 409, 410)
  async pay(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: PurchaseOrderPaymentBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    assertPurchaseOrderAccess(actor);
    const command = {
      type: 'RecordPurchaseOrderPayment' as const,
      payment_id: randomUUID(),
      input: documentInput(body ?? {}),
    };
    const written = await this.commands.execute(
      new ChangePurchaseOrder(actor, { id: id.toLowerCase(), command }),
    );
    setETag(reply, written.revision);
    reply.status(201);
    const recorded = written.events.find((event) => event.type === 'PurchaseOrderPaymentRecorded');
    if (recorded?.type !== 'PurchaseOrderPaymentRecorded') throw new Error('No payment was recorded.');
    return purchaseOrderPaymentView(written.id, recorded.data.payment);
  }

  @Delete(':payment_id')
  @HttpCode(200)
  @Access('purchase_orders:payments', 'purchase_orders.modify')
  @ApiOperation({
    summary: 'Delete a positive manual payment; the paid state follows',
  })
  @ApiNotFoundResponse({ description: 'resource_missing (also a repeated delete)' })
  @ApiConflictResponse({ description: 'purchase_order_payment_delete_not_allowed' })
  @ApiDeleted('payment', { purchase_order_id: { type: 'string', format: 'uuid' } })
  @ApiErrors(404, 409, 410)
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('payment_id') paymentId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    assertPurchaseOrderAccess(actor);
    const command = { type: 'DeletePurchaseOrderPayment' as const, payment_id: paymentId.toLowerCase() };
    const written = await this.commands.execute(
      new ChangePurchaseOrder(actor, { id: id.toLowerCase(), command }),
    );
    setETag(reply, written.revision);
    return { id: paymentId.toLowerCase(), object: 'payment', purchase_order_id: written.id, deleted: true };
  }
}
