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
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { LocationSchema, LocationSummarySchema } from './location-schemas';
import { LocationCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { IdempotencyKeyRequired } from '../idempotency/idempotency-key-required';
import { LocationBody } from './location-bodies';
import { ChangeLocation } from './location-commands';
import { locationHistory } from './location-history';
import { locationJson } from './location-json';
import { LocationReads } from './location-reads';

const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description: 'The revision the change is based on',
});

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
  @ApiOperation({ summary: 'List active locations by name (a restricted user: only theirs)' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiListOf(LocationSummarySchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, query, pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('items:read')
  @ApiOperation({ summary: 'Retrieve a location; with as_of_revision (audit:read), as it was then' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiOkResponse({ type: LocationSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.history.retrieveAsOf(locationHistory, id, query, actor, reply);
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('items:write', 'inventory.modify')
  @IdempotencyKeyRequired()
  @ApiOperation({ summary: 'Create a location (not for a user restricted to one location)' })
  @ApiBody({ type: LocationBody })
  @ApiCreatedResponse({ type: LocationSchema, description: 'The new location' })
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
  @ApiOperation({
    summary: 'Replace the editable fields of a location (left-out optional fields are cleared)',
  })
  @ApiBody({ type: LocationBody })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @IF_MATCH
  @ApiOkResponse({ type: LocationSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: LocationBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateLocation', input: body }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @ApiOperation({ summary: 'Mark a location deleted when nothing depends on it' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiConflictResponse({ description: 'location_delete_not_allowed' })
  @IF_MATCH
  @ApiDeleted('location')
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
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
