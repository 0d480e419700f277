import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '../openapi/decorators';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { ListOperation, RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import { ContactSchema } from './contact-schemas';
import { EventEntrySchema } from '../history/event-entry-schema';
import { HistoryEntrySchema } from '../history/history-entry-schema';
import { ContactCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import {
  ApiEventsQuery,
  ApiHistoryQuery,
  asOfRequested,
  FieldHistory,
  parseEventsQuery,
  parseHistoryQuery,
  RecordHistory,
} from '../history';
import { parseIfMatch, withETag } from '../http/etag';
import { IF_MATCH_CHANGE, IfMatch } from '../http/if-match';
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
  @ListOperation(ContactSchema, 'List contacts by first and last name', {
    total: true,
    filters: [
      { name: 'q', required: false, description: 'In first and last name, emails, phone, cell and fax' },
      {
        name: 'account_record_id',
        required: false,
        description: 'Contacts linked to this customer, prospect or supplier (one you can see, else 422)',
      },
    ],
    invalidQuery: true,
  })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseContactListQuery(query), pathOf(request.url));
  }

  @Get(':id')
  @Access('contacts:read', MANAGE)
  @RetrieveOperation(ContactSchema, 'Retrieve a contact; with as_of_revision (audit:read), as it was then')
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Its past shows the linked records as they are now: ContactReads answers it, not RecordHistory.
    if (asOfRequested(query)) return this.reads.retrieveAsOf(actor, id, query, reply);
    return withETag(reply, await this.reads.retrieve(actor, id, query));
  }

  @Post()
  @Access('contacts:write', MANAGE)
  @WriteOperation(
    { summary: 'Create a contact', body: ContactBody },
    ApiCreatedResponse({ type: ContactSchema, description: 'The new contact' }),
  )
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
  @WriteOperation(
    {
      summary: 'Change the given fields of a contact; account_record_ids replaces its links',
      body: ContactBody,
      notFound: true,
    },
    ApiOkResponse({ type: ContactSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ContactBody,
    @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateContact', input: body }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('contacts:delete', MANAGE)
  @WriteOperation({ summary: 'Delete a contact and its links', notFound: true }, ApiDeleted('contact'))
  remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @IfMatch('The revision the deletion is based on') ifMatch: string | undefined,
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
    return withETag(reply, await this.commands.execute(new ChangeContact(change)));
  }
}

/**
 * GET /api/v3/contacts/{id}/events and …/history for auditors, through RecordHistory: visibility depends on the
 * linked records (read models), so it is checked here first, as for the retrieve.
 */
@ApiTags('contacts')
@Controller('api/v3/contacts')
export class ContactHistoryController {
  constructor(
    private readonly reads: ContactReads,
    private readonly history: RecordHistory,
    private readonly fields: FieldHistory,
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

  @Get(':id/history')
  @Access(['contacts:read', 'audit:read'], MANAGE)
  @ApiOperation({ summary: `The contact's field changes per revision, newest first (auditors)` })
  @ApiHistoryQuery()
  @ApiListOf(HistoryEntrySchema, { description: 'A page of the contact’s revisions' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  async fieldHistory(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const history = parseHistoryQuery(query);
    await this.reads.assertVisible(actor, id);
    return this.fields.page(CONTACT_HISTORY, id, actor, history, pathOf(request.url));
  }
}
