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
import { InvoiceCommand } from '@app/domain';
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
import { DispatchBody, EmptyInvoiceBody, InvoiceBody } from './invoice-bodies';
import { ChangeInvoice } from './invoice-commands';
import { INVOICE_HISTORY } from './invoice-history';
import { INVOICE_LIST_DATES, InvoiceReads } from './invoice-reads';
import { InvoiceSchema, InvoiceSummarySchema } from './invoice-schemas';
import { InvoiceWritten } from './invoice-writes';

const LIST = 'invoices.list';
const MODIFY = 'invoices.modify';

/** The revision a write expects (its ETag); a stale one answers 409 mobile_mutation_conflict. */
const IF_MATCH = { name: 'If-Match', required: false, description: 'The revision (ETag)' };

/** Invoices (documents-api §4): the document itself, its dispatch, cancellation and deletion. */
@ApiTags('invoices')
@Controller('api/v3/invoices')
export class InvoicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: InvoiceReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @ApiDocumentListQuery('invoice', INVOICE_LIST_DATES)
  @Access('invoices:read', LIST)
  @ApiOperation({
    summary: 'List visible invoices, newest number first (no lines)',
  })
  @ApiListOf(InvoiceSummarySchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseDocumentListQuery(query, INVOICE_LIST_DATES), pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('invoices:read', LIST)
  @ApiOperation({
    summary: 'Retrieve an invoice with its lines; with as_of_revision (audit:read), as it was then',
  })
  @ApiOkResponse({ type: InvoiceSchema, description: 'The invoice detail' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiErrors(404, 410)
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.history.retrieveAsOf(INVOICE_HISTORY, id, query, actor, reply);
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('invoices:write', MODIFY)
  @ApiOperation({
    summary: 'Create an unpaid invoice (201); its number is assigned',
  })
  @ApiBody({ type: InvoiceBody })
  @ApiCreatedResponse({ type: InvoiceSchema, description: 'The new invoice with its calculated lines' })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_invoice_field' })
  @ApiConflictResponse({ description: 'account_record_limit_reached' })
  @ApiErrors(409)
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: InvoiceBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const written = await this.commands.execute(new ChangeInvoice(actor, { create: documentInput(body) }));
    reply.status(201);
    return this.answer(reply, actor, written);
  }

  @Patch(':id')
  @Access('invoices:write', MODIFY)
  @ApiOperation({
    summary: 'Change an unpaid invoice without payments; lines, when given, replace the non-discount lines',
  })
  @ApiBody({ type: InvoiceBody })
  @ApiHeader(IF_MATCH)
  @ApiOkResponse({ type: InvoiceSchema, description: 'The updated invoice' })
  @ApiConflictResponse({ description: 'invoice_update_not_allowed or mobile_mutation_conflict' })
  @ApiErrors(404, 409, 410)
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: InvoiceBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateInvoice', input: documentInput(body) }, ifMatch);
  }

  @Post(':id/dispatch')
  @HttpCode(200)
  @Access('invoices:dispatch', MODIFY)
  @ApiOperation({
    summary: 'Set date_sent (default today); an existing date is kept. Emails nobody.',
  })
  @ApiBody({ type: DispatchBody, required: false })
  @ApiOkResponse({ type: InvoiceSchema, description: 'The invoice detail' })
  @ApiConflictResponse({ description: 'invoice_dispatch_not_allowed' })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  dispatch(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: DispatchBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(
      reply,
      actor,
      id,
      { type: 'DispatchInvoice', input: documentInput(body ?? {}) },
      ifMatch,
    );
  }

  @Patch(':id/dispatch')
  @Access('invoices:dispatch', MODIFY)
  @ApiOperation({
    summary: 'Change the date_sent of a dispatched active invoice; no new notification',
  })
  @ApiBody({ type: DispatchBody })
  @ApiOkResponse({ type: InvoiceSchema, description: 'The invoice detail' })
  @ApiConflictResponse({ description: 'invoice_dispatch_date_edit_not_allowed' })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  changeDispatchDate(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: DispatchBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(
      reply,
      actor,
      id,
      { type: 'ChangeDispatchDate', input: documentInput(body ?? {}) },
      ifMatch,
    );
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Access('invoices:cancel', MODIFY)
  @ApiOperation({
    summary: 'Cancel an unpaid invoice (status 15), keeping it and its lines; repeating is safe',
  })
  @ApiBody({ type: EmptyInvoiceBody, required: false })
  @ApiOkResponse({ type: InvoiceSchema, description: 'The invoice detail' })
  @ApiConflictResponse({ description: 'invoice_cancel_not_allowed' })
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  cancel(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() _body: EmptyInvoiceBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'CancelInvoice' }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('invoices:delete', 'invoices.delete')
  @ApiOperation({
    summary: 'Delete an invoice without payments, packing lists or sales-order link',
  })
  @ApiConflictResponse({ description: 'invoice_delete_not_allowed' })
  @ApiDeleted('invoice')
  @ApiHeader(IF_MATCH)
  @ApiErrors(404, 409, 410)
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.send(reply, actor, id, { type: 'DeleteInvoice' }, ifMatch);
    return { id: id.toLowerCase(), object: 'invoice', deleted: true };
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: InvoiceCommand,
    ifMatch?: string,
  ) {
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch) };
    return this.answer(reply, actor, await this.commands.execute(new ChangeInvoice(actor, change)));
  }

  private async answer(reply: FastifyReply, actor: Actor, written: InvoiceWritten) {
    setETag(reply, written.revision);
    if (written.record === null) return null;
    return this.reads.detail(actor, written.record, written.revision);
  }
}
