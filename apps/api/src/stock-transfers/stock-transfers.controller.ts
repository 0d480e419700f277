import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { StockTransferCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { IfMatch } from '../http/if-match';
import { pathOf } from '@app/runtime';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiDeleted } from '../openapi/response-schemas';
import { ListOperation, RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import {
  StockTransferCreateBody,
  StockTransferReceiveBody,
  StockTransferSendBody,
  StockTransferUpdateBody,
  transferInput,
} from './stock-transfer-bodies';
import { ChangeStockTransfer } from './stock-transfer-commands';
import { STOCK_TRANSFER_HISTORY } from './stock-transfer-history';
import { TransitionOperation } from './stock-transfer-docs';
import { StockTransferReads } from './stock-transfer-reads';
import { StockTransferSchema, StockTransferSummarySchema } from './stock-transfer-schemas';
import { StockTransferWritten } from './stock-transfer-writes';

const MANAGE = 'inventory.manage';
const MODIFY = 'inventory.modify';
/** Stock-transfer revisions and ETags carry this prefix (`st_7`). */
export const STOCK_TRANSFER_ETAG = 'st_';
const IF_MATCH = 'The revision, "st_N"';
const INVALID_BODY = 'validation_failed or unsupported_stock_transfer_field';

/** Stock transfers (inventory-api §4): list, retrieve, create, update, send, receive, delete. */
@ApiTags('stock-transfers')
@Controller('api/v3/stock-transfers')
export class StockTransfersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: StockTransferReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @Access('stock_transfers:read', MANAGE)
  @ListOperation(
    StockTransferSummarySchema,
    'List the account’s stock transfers, newest number first (no lines)',
    {
      limitRange: false,
      filters: [
        { name: 'q', required: false, description: 'Exact transfer number or partial tracking code' },
        { name: 'assigned_user_id', required: false, type: String, format: 'uuid' },
        { name: 'origin_location_id', required: false, type: String, format: 'uuid' },
        { name: 'destination_location_id', required: false, type: String, format: 'uuid' },
        { name: 'status_id', required: false, enum: [26, 27, 28] },
        { name: 'issue_date_from', required: false, type: String, format: 'date' },
        { name: 'issue_date_to', required: false, type: String, format: 'date' },
      ],
    },
  )
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, query, pathOf(request.url));
  }

  @Get(':id')
  @Access('stock_transfers:read', MANAGE)
  @ApiOkResponse({ description: 'The stock transfer; ETag "st_N"', type: StockTransferSchema })
  @ApiErrors(404, 410)
  @RetrieveOperation(
    StockTransferSchema,
    'Retrieve a stock transfer with its lines; with as_of_revision (audit:read), as it was then',
  )
  retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const request = { actor, id, query, reply };
    return this.history.retrieve(STOCK_TRANSFER_HISTORY, request, () =>
      this.reads.retrieve(actor, id, query),
    );
  }

  @Post()
  @Access('stock_transfers:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Create a pending stock transfer (201); its number is assigned',
      body: StockTransferCreateBody,
    },
    ApiCreatedResponse({ description: 'The new stock transfer with its lines', type: StockTransferSchema }),
  )
  @ApiErrors(409)
  @ApiUnprocessableEntityResponse({ description: INVALID_BODY })
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: StockTransferCreateBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const written = await this.commands.execute(
      new ChangeStockTransfer(actor, { create: transferInput(body) }),
    );
    reply.status(201);
    return this.answer(reply, actor, written);
  }

  @Patch(':id')
  @Access('stock_transfers:write', MODIFY)
  @ApiErrors(404, 409, 410)
  @ApiUnprocessableEntityResponse({ description: INVALID_BODY })
  @WriteOperation(
    {
      summary: 'Change a pending or in-transit transfer; an in-transit edit moves the difference',
      body: StockTransferUpdateBody,
      notFound: true,
      conflict: 'stock_transfer_update_not_allowed, insufficient_stock or mobile_mutation_conflict',
    },
    ApiOkResponse({ description: 'The updated stock transfer', type: StockTransferSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: StockTransferUpdateBody,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateStockTransfer', input: transferInput(body) }, ifMatch);
  }

  @Post(':id/send')
  @Access('stock_transfers:send', MODIFY)
  @TransitionOperation(27, StockTransferSendBody, {
    summary: 'Send a pending transfer: its lines leave the origin and are in transit (27)',
    conflict: 'stock_transfer_send_not_allowed or insufficient_stock',
  })
  sendTransfer(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: StockTransferSendBody,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'SendStockTransfer', input: transferInput(body) }, ifMatch);
  }

  @Post(':id/receive')
  @Access('stock_transfers:receive', MODIFY)
  @TransitionOperation(28, StockTransferReceiveBody, {
    summary: 'Receive an in-transit transfer: its lines are on hand at the destination (28)',
    conflict: 'stock_transfer_receive_not_allowed',
  })
  receive(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: StockTransferReceiveBody,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'ReceiveStockTransfer', input: transferInput(body) }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('stock_transfers:delete', MODIFY)
  @ApiErrors(404, 409, 410)
  @WriteOperation(
    {
      summary: 'Delete a transfer with its reversal (inventory-api §3)',
      notFound: true,
      conflict: 'stock_transfer_delete_not_allowed or mobile_mutation_conflict',
    },
    ApiDeleted('stock_transfer'),
  )
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @IfMatch(IF_MATCH) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.send(reply, actor, id, { type: 'DeleteStockTransfer' }, ifMatch);
    return { id: id.toLowerCase(), object: 'stock_transfer', deleted: true };
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: StockTransferCommand,
    ifMatch?: string,
  ) {
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch, STOCK_TRANSFER_ETAG) };
    return this.answer(reply, actor, await this.commands.execute(new ChangeStockTransfer(actor, change)));
  }

  private async answer(reply: FastifyReply, actor: Actor, written: StockTransferWritten) {
    setETag(reply, written.revision, STOCK_TRANSFER_ETAG);
    if (written.record === null) return null;
    return this.reads.detail(actor, written.record, written.revision);
  }
}
