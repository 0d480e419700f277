import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { PurchaseOrderCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { ApiDocumentListQuery } from '../documents/document-list-docs';
import { parseDocumentListQuery } from '../documents/document-list-query';
import { ApiAsOfRevision, asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '../http/pagination';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
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
import { PurchaseOrderWritten } from './purchase-order-writes';

const ACCESS = 'purchase_orders.access';
const MODIFY = 'purchase_orders.modify';

/** The revision a write expects (its ETag); a stale one answers 409 mobile_mutation_conflict. */
const IF_MATCH = { name: 'If-Match', required: false, description: 'The revision (ETag)' };

/** Purchase orders (documents-api §4): the order, its sending, receiving and deletion. */
@ApiTags('purchase-orders')
@Controller('api/v3/purchase-orders')
export class PurchaseOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: PurchaseOrderReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @ApiDocumentListQuery(
    'purchase order',
    PURCHASE_ORDER_LIST_DATES,
    PURCHASE_ORDER_LIST_IDS.map((f) => f.param),
    'supplier_id',
  )
  @Access('purchase_orders:read', ACCESS)
  @ApiOperation({
    summary: 'List visible purchase orders, newest number first (no lines)',
  })
  @ApiListOf(PurchaseOrderSummarySchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    assertPurchaseOrderAccess(actor);
    const parsed = parseDocumentListQuery(
      query,
      PURCHASE_ORDER_LIST_DATES,
      PURCHASE_ORDER_LIST_IDS,
      'supplier_id',
    );
    return this.reads.list(actor, parsed, pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('purchase_orders:read', ACCESS)
  @ApiOperation({
    summary: 'Retrieve a purchase order with its lines; with as_of_revision (audit:read), as it was then',
  })
  @ApiOkResponse({ type: PurchaseOrderSchema, description: 'The purchase order detail; ETag its revision' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiErrors(404, 410)
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    assertPurchaseOrderAccess(actor);
    if (asOfRequested(query))
      return this.history.retrieveAsOf(PURCHASE_ORDER_HISTORY, id, query, actor, reply);
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('purchase_orders:write', MODIFY)
  @ApiOperation({
    summary: 'Create a Not Sent purchase order (201); its number is assigned',
  })
  @ApiBody({ type: PurchaseOrderBody })
  @ApiCreatedResponse({
    type: PurchaseOrderSchema,
    description: 'The new purchase order with its calculated lines',
  })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_purchase_order_field' })
  @ApiConflictResponse({ description: 'account_record_limit_reached' })
  @ApiErrors(409)
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: PurchaseOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    assertPurchaseOrderAccess(actor);
    const written = await this.commands.execute(
      new ChangePurchaseOrder(actor, { create: documentInput(body) }),
    );
    reply.status(201);
    return this.answer(reply, actor, written);
  }

  @Patch(':id')
  @Access('purchase_orders:write', MODIFY)
  @ApiOperation({
    summary: 'Change a Not Sent purchase order; a new supplier or location needs lines',
  })
  @ApiBody({ type: PurchaseOrderBody })
  @ApiHeader(IF_MATCH)
  @ApiOkResponse({ type: PurchaseOrderSchema, description: 'The updated purchase order' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_purchase_order_field' })
  @ApiConflictResponse({ description: 'purchase_order_update_not_allowed or mobile_mutation_conflict' })
  @ApiErrors(404, 409, 410)
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: PurchaseOrderBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdatePurchaseOrder', input: documentInput(body) }, ifMatch);
  }

  @Post(':id/send')
  @HttpCode(200)
  @Access('purchase_orders:send', MODIFY)
  @ApiOperation({
    summary: 'Mark a Not Sent order Sent; again on a Sent order keeps its date',
  })
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
    return this.send(
      reply,
      actor,
      id,
      { type: 'SendPurchaseOrder', input: documentInput(body ?? {}) },
      ifMatch,
    );
  }

  @Post(':id/receive')
  @HttpCode(200)
  @Access('purchase_orders:receive', MODIFY)
  @ApiOperation({
    summary: 'Receive quantities of inventory lines into stock at the order’s location',
  })
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
    return this.send(
      reply,
      actor,
      id,
      { type: 'ReceivePurchaseOrder', input: documentInput(body ?? {}) },
      ifMatch,
    );
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('purchase_orders:delete', 'purchase_orders.delete')
  @ApiOperation({
    summary: 'Delete a Not Sent purchase order on which nothing was processed',
  })
  @ApiHeader(IF_MATCH)
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiConflictResponse({ description: 'purchase_order_delete_not_allowed or mobile_mutation_conflict' })
  @ApiDeleted('purchase_order')
  @ApiErrors(404, 409, 410)
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.send(reply, actor, id, { type: 'DeletePurchaseOrder' }, ifMatch);
    return { id: id.toLowerCase(), object: 'purchase_order', deleted: true };
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: PurchaseOrderCommand,
    ifMatch?: string,
  ) {
    assertPurchaseOrderAccess(actor);
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch) };
    return this.answer(reply, actor, await this.commands.execute(new ChangePurchaseOrder(actor, change)));
  }

  private async answer(reply: FastifyReply, actor: Actor, written: PurchaseOrderWritten) {
    setETag(reply, written.revision);
    if (written.record === null) return null;
    return this.reads.detail(actor, written.record, written.revision);
  }
}
