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
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiDeleted, ApiListOf } from '../../openapi/response-schemas';
import { EventEntrySchema } from '../../history/event-entry-schema';
import { VariationSchema } from './variation-schemas';
import { ItemVariationRecord } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access';
import { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/current-actor';
import {
  ApiAsOfRevision,
  ApiEventsQuery,
  asOfRequested,
  parseAsOfRevision,
  parseEventsQuery,
  RecordHistory,
  requireAuditScope,
} from '../../history';
import { parseIfMatch, setETag } from '../../http/etag';
import { pathOf } from '@app/runtime';
import { ItemReads } from '../item-reads';
import { NewVariationBody, VariationChangesBody } from './variation-bodies';
import { ChangeItemVariation, VariationChange } from './variation-commands';
import { variationHistory } from './variation-history';
import { parseVariationListQuery } from './variation-list-query';
import { VariationReads } from './variation-reads';
import { VariationViews } from './variation-views';

const MODIFY = 'inventory.modify';

/** An item's variations (inventory-api §4): list, create, retrieve, change, delete, history. */
@ApiTags('item-variations')
@Controller('api/v3/items/:id/variations')
@ApiNotFoundResponse({ description: 'resource_missing' })
export class ItemVariationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: VariationReads,
    private readonly views: VariationViews,
    private readonly items: ItemReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @Access('items:read')
  @ApiOperation({ summary: "List an item's variations with totals over the rows you may see" })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'q', required: false, description: 'In barcodes and attribute values' })
  @ApiQuery({
    name: 'location_id',
    required: false,
    description: 'Only variations stocked there; its totals',
  })
  @ApiQuery({ name: 'include', required: false, enum: ['locations'] })
  @ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' })
  @ApiListOf(VariationSchema)
  list(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, itemId, parseVariationListQuery(actor, query), pathOf(request.url));
  }

  @Post()
  @Access('items:write', MODIFY)
  @ApiOperation({
    summary: 'Create a variation (201): the first one sets the item’s attributes and takes its stock',
  })
  @ApiBody({ type: NewVariationBody })
  @ApiConflictResponse({ description: 'duplicate_variation or item_archived' })
  @ApiCreatedResponse({ type: VariationSchema, description: 'The new variation' })
  create(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Body() body: NewVariationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, { kind: 'create', itemId, input: body });
  }

  @Get(':variation_id')
  @ApiAsOfRevision()
  @Access('items:read')
  @ApiOperation({
    summary: 'Retrieve a variation with its rows; with as_of_revision (audit:read), as it was then',
  })
  @ApiOkResponse({ type: VariationSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.asOf(actor, itemId, variationId, query, reply);
    const { body, revision } = await this.reads.retrieve(actor, itemId, variationId, query);
    setETag(reply, revision);
    return body;
  }

  @Get(':variation_id/events')
  @Access(['items:read', 'audit:read'])
  @ApiOperation({ summary: "The variation's events, oldest first (auditors)" })
  @ApiEventsQuery()
  @ApiListOf(EventEntrySchema, { description: 'A page of the variation’s events' })
  async events(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const page = parseEventsQuery(query);
    await this.items.visible(actor, itemId);
    return this.history.events(variationHistory(itemId), variationId, actor, page, pathOf(request.url));
  }

  @Patch(':variation_id')
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Change attributes, barcode or overrides of a variation' })
  @ApiBody({ type: VariationChangesBody })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiConflictResponse({ description: 'duplicate_variation, item_archived or mobile_mutation_conflict' })
  @ApiOkResponse({ type: VariationSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Body() body: VariationChangesBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'UpdateItemVariation' as const, input: body };
    return this.send(reply, actor, {
      kind: 'command',
      itemId,
      variationId,
      command,
      ifMatch: parseIfMatch(ifMatch),
    });
  }

  @Delete(':variation_id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @ApiOperation({ summary: 'Delete an unused variation with its empty rows' })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiConflictResponse({ description: 'item_variation_delete_not_allowed' })
  @ApiDeleted('item_variation')
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'DeleteItemVariation' as const };
    const change: VariationChange = {
      kind: 'command',
      itemId,
      variationId,
      command,
      ifMatch: parseIfMatch(ifMatch),
    };
    const { revision } = await this.commands.execute(new ChangeItemVariation(actor, change));
    setETag(reply, revision);
    return { id: variationId, object: 'item_variation', deleted: true };
  }

  private async asOf(
    actor: Actor,
    itemId: string,
    variationId: string,
    query: Record<string, unknown>,
    reply: FastifyReply,
  ) {
    requireAuditScope(actor);
    const revision = parseAsOfRevision(query);
    await this.items.visible(actor, itemId);
    const past = (await this.history.asOf(variationHistory(itemId), variationId, revision, actor)) as {
      record: ItemVariationRecord;
    };
    setETag(reply, revision);
    return this.views.one(actor, past.record, revision);
  }

  private async send(reply: FastifyReply, actor: Actor, change: VariationChange) {
    const { record, revision } = await this.commands.execute(new ChangeItemVariation(actor, change));
    setETag(reply, revision);
    return this.views.one(actor, record, revision);
  }
}
