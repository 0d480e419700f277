import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { isRecordId, SalesOrderCommand, salesOrderFulfillmentView } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { resourceMissing } from '../http/api-error';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '../http/pagination';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiListOf } from '../openapi/response-schemas';
import { SalesOrderPackBody, SalesOrderShipBody } from './sales-order-bodies';
import { ChangeSalesOrder } from './sales-order-commands';
import { SalesOrderReads } from './sales-order-reads';
import { SalesOrderFulfillmentSchema } from './sales-order-schemas';
import { SALES_ORDER_ETAG } from './sales-orders.controller';

const MODIFY = 'sales_orders.modify';

/**
 * Packing lists of sales orders (documents-api §4). A pack is decided on the order's stream against
 * what is left to pack, so concurrent packs cannot overpack; its number comes from the account's
 * packing-list counter (shared with invoices) once accepted. Packing and shipping move no stock.
 */
@ApiTags('sales-orders')
@Controller('api/v3/sales-orders/:id/fulfillments')
export class SalesOrderFulfillmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: SalesOrderReads,
  ) {}

  @Get()
  @Access('sales_orders:read', 'sales_orders.list')
  @ApiOperation({
    summary: 'Packing lists of the sales order, newest first',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'include_total', required: false, type: Boolean })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiListOf(SalesOrderFulfillmentSchema)
  @ApiErrors(404, 410)
  list(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.fulfillments(actor, id, query, pathOf(request.url));
  }

  @Post()
  @Access('sales_orders:pack', MODIFY)
  @ApiOperation({
    summary: 'Pack remaining quantities of an open sales order (201); no stock moves',
  })
  @ApiBody({ type: SalesOrderPackBody })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The order\'s revision, "so_N" or N' })
  @ApiCreatedResponse({ type: SalesOrderFulfillmentSchema, description: 'The packing list, status packed' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiForbiddenResponse({ description: 'permission_denied (also: the order’s location is not the user’s)' })
  @ApiUnprocessableEntityResponse({
    description: 'invalid_sales_order_pack or unsupported_sales_order_field',
  })
  @ApiConflictResponse({ description: 'sales_order_pack_not_allowed or sales_order_line_already_packed' })
  @ApiErrors(404, 409, 410)
  pack(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: SalesOrderPackBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const fulfillmentId = randomUUID();
    const command = {
      type: 'PackSalesOrder' as const,
      fulfillment_id: fulfillmentId,
      packing_list_number: 0,
      input: documentInput(body),
    };
    reply.status(201);
    return this.send(reply, actor, id, command, fulfillmentId, ifMatch);
  }

  @Post(':fulfillment_id/ship')
  @HttpCode(200)
  @Access('sales_orders:ship', MODIFY)
  @ApiOperation({
    summary: 'Mark a packing list shipped with manual shipping details',
  })
  @ApiBody({ type: SalesOrderShipBody, required: false })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The order\'s revision, "so_N" or N' })
  @ApiOkResponse({ type: SalesOrderFulfillmentSchema, description: 'The packing list, status shipped' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiForbiddenResponse({ description: 'permission_denied (also: the order’s location is not the user’s)' })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_sales_order_field' })
  @ApiConflictResponse({ description: 'sales_order_ship_not_allowed' })
  @ApiErrors(404, 409, 410)
  ship(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
    @Body() body: SalesOrderShipBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!isRecordId(fulfillmentId)) throw resourceMissing();
    const target = fulfillmentId.toLowerCase();
    const command = {
      type: 'ShipSalesOrderFulfillment' as const,
      fulfillment_id: target,
      input: documentInput(body ?? {}),
    };
    return this.send(reply, actor, id, command, target, ifMatch);
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: SalesOrderCommand,
    fulfillmentId: string,
    ifMatch?: string,
  ) {
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch, SALES_ORDER_ETAG) };
    const written = await this.commands.execute(new ChangeSalesOrder(actor, change));
    setETag(reply, written.revision, SALES_ORDER_ETAG);
    const fulfillment = written.record!.fulfillments.find((f) => f.id === fulfillmentId)!;
    return salesOrderFulfillmentView(written.record!, fulfillment);
  }
}
