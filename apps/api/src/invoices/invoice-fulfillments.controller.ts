import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { invoiceFulfillmentView, InvoiceCommand, isRecordId } from '@app/domain';
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
import { PackBody, ShipBody } from './invoice-bodies';
import { ChangeInvoice } from './invoice-commands';
import { InvoiceReads } from './invoice-reads';
import { InvoiceFulfillmentSchema } from './invoice-schemas';

const MODIFY = 'invoices.modify';

/** The revision a write expects (its ETag); a stale one answers 409 mobile_mutation_conflict. */
const IF_MATCH = { name: 'If-Match', required: false, description: 'The revision (ETag)' };

/**
 * Packing lists of standalone invoices (documents-api §4). A pack is decided on the invoice's
 * stream against what is left to pack, so concurrent packs cannot overpack; its number comes
 * from the account's packing-list counter once accepted. Packing moves no stock.
 */
@ApiTags('invoices')
@Controller('api/v3/invoices/:id/fulfillments')
export class InvoiceFulfillmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: InvoiceReads,
  ) {}

  @Get()
  @Access('invoices:read', 'invoices.list')
  @ApiOperation({
    summary: 'Packing lists of the invoice, newest first',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'include_total', required: false, type: Boolean })
  @ApiListOf(InvoiceFulfillmentSchema)
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
  @Access('invoices:pack', MODIFY)
  @ApiOperation({
    summary: 'Pack lines of a standalone invoice (201); no stock moves',
  })
  @ApiBody({ type: PackBody })
  @ApiCreatedResponse({ type: InvoiceFulfillmentSchema, description: 'The packing list, status packed' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_invoice_pack or unsupported_invoice_pack_field' })
  @ApiConflictResponse({
    description:
      'invoice_pack_not_allowed, invoice_line_already_packed or invoice_fulfillment_managed_by_sales_order',
  })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  pack(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: PackBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const fulfillmentId = randomUUID();
    const command = {
      type: 'PackInvoice' as const,
      fulfillment_id: fulfillmentId,
      packing_list_number: 0,
      input: documentInput(body),
    };
    reply.status(201);
    return this.send(reply, actor, id, command, fulfillmentId, ifMatch);
  }

  @Post(':fulfillment_id/ship')
  @HttpCode(200)
  @Access('invoices:ship', MODIFY)
  @ApiOperation({
    summary: 'Mark a packing list shipped with manual shipping details',
  })
  @ApiBody({ type: ShipBody, required: false })
  @ApiOkResponse({ type: InvoiceFulfillmentSchema, description: 'The packing list, status shipped' })
  @ApiConflictResponse({
    description: 'invoice_ship_not_allowed or invoice_fulfillment_managed_by_sales_order',
  })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  ship(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
    @Body() body: ShipBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!isRecordId(fulfillmentId)) throw resourceMissing();
    const target = fulfillmentId.toLowerCase();
    const command = {
      type: 'ShipInvoiceFulfillment' as const,
      fulfillment_id: target,
      input: documentInput(body ?? {}),
    };
    return this.send(reply, actor, id, command, target, ifMatch);
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: InvoiceCommand,
    fulfillmentId: string,
    ifMatch?: string,
  ) {
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch) };
    const written = await this.commands.execute(new ChangeInvoice(actor, change));
    setETag(reply, written.revision);
    const fulfillment = written.record!.fulfillments.find((f) => f.id === fulfillmentId)!;
    return invoiceFulfillmentView(written.record!, fulfillment);
  }
}
