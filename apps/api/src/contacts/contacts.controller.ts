import { randomUUID } from 'node:crypto';
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
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiCreatedResponse,
} from '@nestjs/swagger';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { ContactSchema } from './contact-schemas';
import { EventEntrySchema } from '../history/event-entry-schema';
import { ContactCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, ApiEventsQuery, asOfRequested, parseEventsQuery, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { ChangeContact } from './contact-commands';
import { ContactBody } from './contact-body';
import { CONTACT_HISTORY } from './contact-history';
import { parseContactListQuery } from './contact-list-query';
import { ContactReads } from './contact-reads';

const MANAGE = 'account_records.manage';

/**
 * Contacts (inventory-api.md, Contacts): people linked to customers, prospects and suppliers. Every
 * endpoint demands `account_records.manage`; without `account_records.view_all` a user sees only the
 * contacts linked to records assigned to them (any other is 404).
 */
@ApiTags('contacts')
@Controller('api/v3/contacts')
export class ContactsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ContactReads,
  ) {}

  @Get()
  @Access('contacts:read', MANAGE)
  @ApiOperation({ summary: 'List contacts by first and last name' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'include_total', required: false, type: Boolean })
  @ApiQuery({
    name: 'q',
    required: false,
    description: 'In first and last name, emails, phone, cell and fax',
  })
  @ApiQuery({
    name: 'account_record_id',
    required: false,
    description: 'Contacts linked to this customer, prospect or supplier (one you can see, else 422)',
  })
  @ApiListOf(ContactSchema)
  @ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseContactListQuery(query), pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('contacts:read', MANAGE)
  @ApiOperation({ summary: 'Retrieve a contact; with as_of_revision (audit:read), as it was then' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiOkResponse({ type: ContactSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.reads.retrieveAsOf(actor, id, query, reply);
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('contacts:write', MANAGE)
  @ApiOperation({ summary: 'Create a contact' })
  @ApiBody({ type: ContactBody })
  @ApiCreatedResponse({ type: ContactSchema, description: 'The new contact' })
  create(
    @CurrentActor() actor: Actor,
    @Body() body: ContactBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = randomUUID();
    return this.send(reply, actor, id, { type: 'CreateContact', id, input: body }, undefined, true);
  }

  @Patch(':id')
  @Access('contacts:write', MANAGE)
  @ApiOperation({ summary: 'Change the given fields of a contact; account_record_ids replaces its links' })
  @ApiBody({ type: ContactBody })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The revision the change is based on' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiOkResponse({ type: ContactSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ContactBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateContact', input: body }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('contacts:delete', MANAGE)
  @ApiOperation({ summary: 'Delete a contact and its links' })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The revision the deletion is based on' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiDeleted('contact')
  remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'DeleteContact' }, ifMatch);
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: ContactCommand,
    ifMatch?: string,
    fresh = false,
  ) {
    const change = { actor, id, command, ifMatch: parseIfMatch(ifMatch), fresh };
    const { body, revision } = await this.commands.execute(new ChangeContact(change));
    setETag(reply, revision);
    return body;
  }
}

/**
 * GET /api/v3/contacts/{id}/events for auditors, through RecordHistory: visibility depends on the
 * linked records (read models), so it is checked here first, as for the retrieve.
 */
@ApiTags('contacts')
@Controller('api/v3/contacts')
export class ContactHistoryController {
  constructor(
    private readonly reads: ContactReads,
    private readonly history: RecordHistory,
  ) {}

  @Get(':id/events')
  @Access(['contacts:read', 'audit:read'], MANAGE)
  @ApiOperation({ summary: `The contact's events, oldest first (auditors)` })
  @ApiEventsQuery()
  @ApiListOf(EventEntrySchema, { description: 'A page of the contact’s events' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  async events(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const page = parseEventsQuery(query);
    await this.reads.assertVisible(actor, id);
    return this.history.events(CONTACT_HISTORY, id, actor, page, pathOf(request.url));
  }
}
