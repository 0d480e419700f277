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
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { SalesOrderCommand } from '@app/domain';
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
import { SalesOrderBody } from './sales-order-bodies';
import { ChangeSalesOrder } from './sales-order-commands';
import { SALES_ORDER_HISTORY } from './sales-order-history';
import { SALES_ORDER_LIST_DATES, SALES_ORDER_LIST_IDS, SalesOrderReads } from './sales-order-reads';
import { SalesOrderSchema, SalesOrderSummarySchema } from './sales-order-schemas';
import { SalesOrderWritten } from './sales-order-writes';

const LIST = 'sales_orders.list';
const MODIFY = 'sales_orders.modify';
/** Sales-order revisions and ETags carry this prefix (`so_7`). */
export const SALES_ORDER_ETAG = 'so_';

/** Sales orders (documents-api §4): the order itself and its deletion. */
@ApiTags('sales-orders')
@Controller('api/v3/sales-orders')
export class SalesOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: SalesOrderReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @ApiDocumentListQuery('sales order', SALES_ORDER_LIST_DATES, SALES_ORDER_LIST_IDS.map((f) => f.param))
  @Access('sales_orders:read', LIST)
  @ApiOperation({
    summary: 'List visible sales orders, newest number first (no lines)',
  })
  @ApiListOf(SalesOrderSummarySchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const request_ = parseDocumentListQuery(query, SALES_ORDER_LIST_DATES, SALES_ORDER_LIST_IDS);
    return this.reads.list(actor, request_, pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('sales_orders:read', LIST)
  @ApiOperation({
    summary: 'Retrieve a sales order with its lines; with as_of_revision (audit:read), as it was then',
  })
  @ApiOkResponse({ type: SalesOrderSchema, description: 'The sales order detail; ETag "so_N"' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiErrors(404, 410)
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.history.retrieveAsOf(SALES_ORDER_HISTORY, id, query, actor, reply);
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision, SALES_ORDER_ETAG);
    return body;
  }

  @Post()
  @Access('sales_orders:write', MODIFY)
  @ApiOperation({
    summary: 'Create an open sales order (201); its number is assigned',
  })
  @ApiBody({ type: SalesOrderBody })
  @ApiCreatedResponse({
    type: SalesOrderSchema,
    description: 'The new sales order with its calculated lines',
  })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_sales_order_field' })
  @ApiConflictResponse({ description: 'account_record_limit_reached' })
  @ApiErrors(409)
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: SalesOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const written = await this.commands.execute(new ChangeSalesOrder(actor, { create: documentInput(body) }));
    reply.status(201);
    return this.answer(reply, actor, written);
  }

  @Patch(':id')
  @Access('sales_orders:write', MODIFY)
  @ApiOperation({
    summary:
      'Change an open sales order: header fields always; lines, shipping and discount only before any invoice or packing list',
  })
  @ApiBody({ type: SalesOrderBody })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The revision, "so_N"' })
  @ApiOkResponse({ type: SalesOrderSchema, description: 'The updated sales order' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_sales_order_field' })
  @ApiConflictResponse({ description: 'sales_order_update_not_allowed or mobile_mutation_conflict' })
  @ApiErrors(404, 409, 410)
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: SalesOrderBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateSalesOrder', input: documentInput(body) }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('sales_orders:delete', 'sales_orders.delete')
  @ApiOperation({
    summary: 'Delete an open sales order on which nothing has begun',
  })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The revision, "so_N"' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiForbiddenResponse({ description: 'permission_denied' })
  @ApiConflictResponse({ description: 'sales_order_delete_not_allowed or mobile_mutation_conflict' })
  @ApiDeleted('sales_order')
  @ApiErrors(404, 409, 410)
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.send(reply, actor, id, { type: 'DeleteSalesOrder' }, ifMatch);
    return { id: id.toLowerCase(), object: 'sales_order', deleted: true };
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: SalesOrderCommand,
    ifMatch?: string,
  ) {
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch, SALES_ORDER_ETAG) };
    return this.answer(reply, actor, await this.commands.execute(new ChangeSalesOrder(actor, change)));
  }

  private async answer(reply: FastifyReply, actor: Actor, written: SalesOrderWritten) {
    setETag(reply, written.revision, SALES_ORDER_ETAG);
    if (written.record === null) return null;
    return this.reads.detail(actor, written.record, written.revision);
  }
}
