import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '../openapi/decorators';
import { ListOperation, WriteOperation } from '../openapi/record-operations';
import { ZoneSchema } from './location-schemas';
import { LocationCommand, zoneView, isRecordId } from '@app/domain';
import { FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { resourceMissing } from '@app/runtime';
import { pathOf } from '@app/runtime';
import { IdempotencyKeyRequired } from '../idempotency/idempotency-key-required';
import { ZoneBody } from './location-bodies';
import { ChangeLocation } from './location-commands';
import { LocationReads } from './location-reads';

/**
 * The zones of a location: listed, created and updated under the location's route and boundary
 * (an inactive, foreign or out-of-boundary location is 404). Zones cannot be deleted.
 */
@ApiTags('locations')
@Controller('api/v3/locations/:location_id/zones')
@ApiNotFoundResponse({ description: 'resource_missing' })
export class ZonesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: LocationReads,
  ) {}

  @Get()
  @Access('items:read')
  @ListOperation(ZoneSchema, 'List the zones of a location by name')
  list(
    @CurrentActor() actor: Actor,
    @Param('location_id') locationId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.zones(actor, locationId, query, pathOf(request.url));
  }

  @Post()
  @Access('items:write', 'inventory.modify')
  @IdempotencyKeyRequired()
  @WriteOperation(
    { summary: 'Create a zone of a location', body: ZoneBody },
    ApiCreatedResponse({ type: ZoneSchema, description: 'The new zone' }),
  )
  create(@CurrentActor() actor: Actor, @Param('location_id') locationId: string, @Body() body: ZoneBody) {
    const zoneId = randomUUID();
    return this.send(actor, locationId, zoneId, { type: 'CreateZone', zone_id: zoneId, input: body });
  }

  @Patch(':zone_id')
  @Access('items:write', 'inventory.modify')
  @IdempotencyKeyRequired()
  @WriteOperation(
    { summary: 'Replace the name, short name and description of a zone', body: ZoneBody },
    ApiOkResponse({ type: ZoneSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('location_id') locationId: string,
    @Param('zone_id') zoneId: string,
    @Body() body: ZoneBody,
  ) {
    if (!isRecordId(zoneId)) throw resourceMissing();
    return this.send(actor, locationId, zoneId, { type: 'UpdateZone', zone_id: zoneId, input: body });
  }

  private async send(actor: Actor, locationId: string, zoneId: string, command: LocationCommand) {
    const { state } = await this.commands.execute(new ChangeLocation({ actor, id: locationId, command }));
    const zone = state.status === 'live' ? state.record.zones.find(({ id }) => id === zoneId) : undefined;
    if (!zone) throw new Error('A zone write must leave the zone in a live location');
    return zoneView(zone);
  }
}
