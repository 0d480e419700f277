import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDeleted } from '../openapi/response-schemas';
import { ListOperation, RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import { LocationSchema, LocationSummarySchema } from './location-schemas';
import { LocationCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { IF_MATCH_CHANGE, IfMatch } from '../http/if-match';
import { pathOf } from '@app/runtime';
import { IdempotencyKeyRequired } from '../idempotency/idempotency-key-required';
import { LocationBody } from './location-bodies';
import { ChangeLocation } from './location-commands';
import { locationHistory } from './location-history';
import { locationJson } from './location-json';
import { LocationReads } from './location-reads';

/** The location endpoints (inventory-api §4 "Locations and zones"); zones have their own controller. */
@ApiTags('locations')
@Controller('api/v3/locations')
export class LocationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: LocationReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @Access('items:read')
  @ListOperation(LocationSummarySchema, 'List active locations by name (a restricted user: only theirs)')
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, query, pathOf(request.url));
  }

  @Get(':id')
  @Access('items:read')
  @RetrieveOperation(LocationSchema, 'Retrieve a location; with as_of_revision (audit:read), as it was then')
  retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const request = { actor, id, query, reply };
    return this.history.retrieve(locationHistory, request, () => this.reads.retrieve(actor, id, query));
  }

  @Post()
  @Access('items:write', 'inventory.modify')
  @IdempotencyKeyRequired()
  @WriteOperation(
    { summary: 'Create a location (not for a user restricted to one location)', body: LocationBody },
    ApiCreatedResponse({ type: LocationSchema, description: 'The new location' }),
  )
  create(
    @CurrentActor() actor: Actor,
    @Body() body: LocationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = randomUUID();
    return this.send(reply, actor, id, { type: 'CreateLocation', id, input: body }, undefined, true);
  }

  @Patch(':id')
  @Access('items:write', 'inventory.modify')
  @IdempotencyKeyRequired()
  @WriteOperation(
    {
      summary: 'Replace the editable fields of a location (left-out optional fields are cleared)',
      body: LocationBody,
      notFound: true,
    },
    ApiOkResponse({ type: LocationSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: LocationBody,
    @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateLocation', input: body }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @WriteOperation(
    {
      summary: 'Mark a location deleted when nothing depends on it',
      notFound: true,
      conflict: 'location_delete_not_allowed',
    },
    ApiDeleted('location'),
  )
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const change = {
      actor,
      id,
      command: { type: 'DeleteLocation' } as const,
      ifMatch: parseIfMatch(ifMatch),
    };
    const { revision } = await this.commands.execute(new ChangeLocation(change));
    setETag(reply, revision);
    return { id, object: 'location', deleted: true };
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: LocationCommand,
    ifMatch?: string,
    fresh = false,
  ) {
    const change = { actor, id, command, ifMatch: parseIfMatch(ifMatch), fresh };
    const { state, revision } = await this.commands.execute(new ChangeLocation(change));
    if (state.status !== 'live') throw new Error('A location write must leave the location live');
    setETag(reply, revision);
    return locationJson(state.record, revision);
  }
}
