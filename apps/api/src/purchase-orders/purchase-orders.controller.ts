import { Body, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { PurchaseOrderCommand, PurchaseOrderRecord } from '@app/domain';
import { FastifyReply } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { DocumentActions, DocumentDeclaration, documentController } from '../documents/document-controller';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { assertPurchaseOrderAccess } from './purchase-order-access';
import { PurchaseOrderBody, PurchaseOrderReceiveBody, PurchaseOrderSendBody } from './purchase-order-bodies';
import { ChangePurchaseOrder } from './purchase-order-commands';
import { PURCHASE_ORDER_HISTORY } from './purchase-order-history';
import {
  PURCHASE_ORDER_LIST_DATES,
  PURCHASE_ORDER_LIST_IDS,
  PurchaseOrderReads,
} from './purchase-order-reads';
import { PurchaseOrderSchema, PurchaseOrderSummarySchema } from './purchase-order-schemas';

const MODIFY = 'purchase_orders.modify';

/** The revision a write expects (its ETag); a stale one answers 409 mobile_mutation_conflict. */
const IF_MATCH = { name: 'If-Match', required: false, description: 'The revision (ETag)' };

/** Purchase orders (documents-api §4): the order, its sending, receiving and deletion. */
export const PURCHASE_ORDER_DOCUMENT: DocumentDeclaration<PurchaseOrderRecord, PurchaseOrderCommand> = {
  path: 'purchase-orders',
  object: 'purchase_order',
  noun: 'purchase order',
  scopes: { read: 'purchase_orders:read', write: 'purchase_orders:write', delete: 'purchase_orders:delete' },
  permissions: { read: 'purchase_orders.access', write: MODIFY, delete: 'purchase_orders.delete' },
  guard: assertPurchaseOrderAccess,
  list: { dates: PURCHASE_ORDER_LIST_DATES, ids: PURCHASE_ORDER_LIST_IDS, party: 'supplier_id' },
  reads: PurchaseOrderReads,
  history: PURCHASE_ORDER_HISTORY,
  change: ChangePurchaseOrder,
  update: (input) => ({ type: 'UpdatePurchaseOrder', input }),
  remove: { type: 'DeletePurchaseOrder' },
  body: PurchaseOrderBody,
  summarySchema: PurchaseOrderSummarySchema,
  docs: {
    list: [ApiOperation({ summary: 'List visible purchase orders, newest number first (no lines)' })],
    retrieve: [
      ApiOperation({
        summary: 'Retrieve a purchase order with its lines; with as_of_revision (audit:read), as it was then',
      }),
      ApiOkResponse({
        type: PurchaseOrderSchema,
        description: 'The purchase order detail; ETag its revision',
      }),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiErrors(404, 410),
    ],
    create: [
      ApiOperation({ summary: 'Create a Not Sent purchase order (201); its number is assigned' }),
      ApiCreatedResponse({
        type: PurchaseOrderSchema,
        description: 'The new purchase order with its calculated lines',
      }),
      ApiUnprocessableEntityResponse({
        description: 'validation_failed or unsupported_purchase_order_field',
      }),
      ApiConflictResponse({ description: 'account_record_limit_reached' }),
      ApiErrors(409),
    ],
    update: [
      ApiOperation({ summary: 'Change a Not Sent purchase order; a new supplier or location needs lines' }),
      ApiHeader(IF_MATCH),
      ApiOkResponse({ type: PurchaseOrderSchema, description: 'The updated purchase order' }),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiUnprocessableEntityResponse({
        description: 'validation_failed or unsupported_purchase_order_field',
      }),
      ApiConflictResponse({ description: 'purchase_order_update_not_allowed or mobile_mutation_conflict' }),
      ApiErrors(404, 409, 410),
    ],
    remove: [
      ApiOperation({ summary: 'Delete a Not Sent purchase order on which nothing was processed' }),
      ApiHeader(IF_MATCH),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiConflictResponse({ description: 'purchase_order_delete_not_allowed or mobile_mutation_conflict' }),
      ApiErrors(404, 409, 410),
    ],
  },
};

/** What only purchase orders do: send and receive. */
abstract class PurchaseOrderActions extends DocumentActions<PurchaseOrderCommand> {
  @Post(':id/send')
  @HttpCode(200)
  @Access('purchase_orders:send', MODIFY)
  @ApiOperation({ summary: 'Mark a Not Sent order Sent; again on a Sent order keeps its date' })
  @ApiBody({ type: PurchaseOrderSendBody, required: false })
  @ApiOkResponse({ type: PurchaseOrderSchema, description: 'The complete purchase order' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiConflictResponse({ description: 'purchase_order_send_not_allowed or mobile_mutation_conflict' })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  sendOrder(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: PurchaseOrderSendBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = documentInput(body ?? {});
    return this.send(reply, actor, id, { type: 'SendPurchaseOrder', input }, ifMatch);
  }

  @Post(':id/receive')
  @HttpCode(200)
  @Access('purchase_orders:receive', MODIFY)
  @ApiOperation({ summary: 'Receive quantities of inventory lines into stock at the order’s location' })
  @ApiBody({ type: PurchaseOrderReceiveBody })
  @ApiOkResponse({ type: PurchaseOrderSchema, description: 'The complete purchase order' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed (lines.N.line_id, lines.N.quantity)' })
  @ApiConflictResponse({ description: 'purchase_order_receive_not_allowed or mobile_mutation_conflict' })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  receive(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: PurchaseOrderReceiveBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = documentInput(body ?? {});
    return this.send(reply, actor, id, { type: 'ReceivePurchaseOrder', input }, ifMatch);
  }
}

export const PurchaseOrdersController = documentController(PURCHASE_ORDER_DOCUMENT, PurchaseOrderActions);
