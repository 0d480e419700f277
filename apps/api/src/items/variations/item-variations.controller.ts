import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '../../openapi/decorators';
import { ApiDeleted, ApiListOf } from '../../openapi/response-schemas';
import { ListOperation, RetrieveOperation, WriteOperation } from '../../openapi/record-operations';
import { EventEntrySchema } from '../../history/event-entry-schema';
import { HistoryEntrySchema } from '../../history/history-entry-schema';
import { VariationSchema } from './variation-schemas';
import { ItemVariationRecord } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access';
import { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/current-actor';
import {
  ApiEventsQuery,
  ApiHistoryQuery,
  asOfRequested,
  FieldHistory,
  parseAsOfRevision,
  parseEventsQuery,
  parseHistoryQuery,
  RecordHistory,
  requireAuditScope,
} from '../../history';
import { setETag, withETag } from '../../http/etag';
import { IfMatch } from '../../http/if-match';
import { pathOf } from '@app/runtime';
import { ItemReads } from '../item-reads';
import { NewVariationBody, VariationChangesBody } from './variation-bodies';
import { VariationChange, variationCommand } from './variation-commands';
import { VariationChanges } from './variation-changes';
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
    private readonly changes: VariationChanges,
    private readonly reads: VariationReads,
    private readonly views: VariationViews,
    private readonly items: ItemReads,
    private readonly history: RecordHistory,
    private readonly fields: FieldHistory,
  ) {}

  @Get()
  @Access('items:read')
  @ListOperation(VariationSchema, "List an item's variations with totals over the rows you may see", {
    filters: [
      { name: 'q', required: false, description: 'In barcodes and attribute values' },
      { name: 'location_id', required: false, description: 'Only variations stocked there; its totals' },
      { name: 'include', required: false, enum: ['locations'] },
    ],
    invalidQuery: true,
  })
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
  @WriteOperation(
    {
      summary: 'Create a variation (201): the first one sets the item’s attributes and takes its stock',
      body: NewVariationBody,
      conflict: 'duplicate_variation or item_archived',
    },
    ApiCreatedResponse({ type: VariationSchema, description: 'The new variation' }),
  )
  create(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Body() body: NewVariationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, { kind: 'create', itemId, input: body });
  }

  @Get(':variation_id')
  @Access('items:read')
  @RetrieveOperation(
    VariationSchema,
    'Retrieve a variation with its rows; with as_of_revision (audit:read), as it was then',
    { notFound: false },
  )
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.asOf(actor, itemId, variationId, query, reply);
    return withETag(reply, await this.reads.retrieve(actor, itemId, variationId, query));
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

  @Get(':variation_id/history')
  @Access(['items:read', 'audit:read'])
  @ApiOperation({ summary: "The variation's field changes per revision, newest first (auditors)" })
  @ApiHistoryQuery()
  @ApiListOf(HistoryEntrySchema, { description: 'A page of the variation’s revisions' })
  async fieldHistory(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const history = parseHistoryQuery(query);
    await this.items.visible(actor, itemId);
    return this.fields.page(variationHistory(itemId), variationId, actor, history, pathOf(request.url));
  }

  @Patch(':variation_id')
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Change attributes, barcode or overrides of a variation',
      body: VariationChangesBody,
      conflict: 'duplicate_variation, item_archived or mobile_mutation_conflict',
    },
    ApiOkResponse({ type: VariationSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Body() body: VariationChangesBody,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'UpdateItemVariation' as const, input: body };
    return this.send(reply, actor, variationCommand(itemId, variationId, command, ifMatch));
  }

  @Delete(':variation_id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @WriteOperation(
    {
      summary: 'Delete an unused variation with its empty rows',
      conflict: 'item_variation_delete_not_allowed',
    },
    ApiDeleted('item_variation'),
  )
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const change = variationCommand(itemId, variationId, { type: 'DeleteItemVariation' }, ifMatch);
    await this.changes.remove(reply, actor, change);
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

  private send(reply: FastifyReply, actor: Actor, change: VariationChange) {
    return this.changes.answer(reply, actor, change);
  }
}
