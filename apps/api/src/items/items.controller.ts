import {
  Body,
  Controller,
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
import { ApiListOf } from '../openapi/response-schemas';
import { ItemSchema } from './item-schemas';
import { ItemCommand, ItemInput } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { AdjustmentBody, ItemBody } from './item-bodies';
import { ChangeItem, ItemChange } from './item-commands';
import { itemHistory } from './item-history';
import { ItemJson } from './item-json';
import { parseItemListQuery } from './item-list-query';
import { ItemReads } from './item-reads';

const MODIFY = 'inventory.modify';

/** Items (inventory-api §4, EXTENSIONS.md §7): list, retrieve, create, update, archive, restore, adjust stock. */
@ApiTags('items')
@Controller('api/v3/items')
@ApiNotFoundResponse({ description: 'resource_missing' })
export class ItemsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ItemReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @Access('items:read')
  @ApiOperation({ summary: 'List items by name: active ones by default (sold unique items left out)' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'include_total', required: false, type: Boolean })
  @ApiQuery({
    name: 'q',
    required: false,
    description: 'In name, SKU, barcode, serial number; digits: the item number too',
  })
  @ApiQuery({ name: 'category_id', required: false })
  @ApiQuery({ name: 'type', required: false, enum: ['quantity', 'unique'] })
  @ApiQuery({ name: 'archived', required: false, enum: ['false', 'true', 'all'] })
  @ApiQuery({ name: 'location_id', required: false, description: 'Adds location_inventory' })
  @ApiQuery({ name: 'include', required: false, enum: ['photos'] })
  @ApiQuery({ name: 'ids', required: false, description: 'Up to 50 comma-separated ids, in that order' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' })
  @ApiListOf(ItemSchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseItemListQuery(query), pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('items:read')
  @ApiOperation({
    summary: 'Retrieve an item with its photos; with as_of_revision (audit:read), as it was then',
  })
  @ApiOkResponse({ type: ItemSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) {
      const past = await this.history.retrieveAsOf(itemHistory, id, query, actor, reply);
      return this.reads.completePast(actor, past as ItemJson);
    }
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Create an item (201); its number is assigned' })
  @ApiBody({ type: ItemBody })
  @ApiConflictResponse({ description: 'account_record_limit_reached' })
  @ApiCreatedResponse({ type: ItemSchema, description: 'The new item' })
  create(
    @CurrentActor() actor: Actor,
    @Body() body: ItemBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.send(reply, actor, { kind: 'create', input: body as ItemInput });
  }

  @Patch(':id')
  @Access('items:write', MODIFY)
  @ApiOperation({
    summary: 'Change the given fields of an item (archived items are read-only: 409 item_archived)',
  })
  @ApiBody({ type: ItemBody })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiConflictResponse({ description: 'item_archived or mobile_mutation_conflict' })
  @ApiOkResponse({ type: ItemSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ItemBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.command(reply, actor, id, { type: 'UpdateItem', input: body as ItemInput }, ifMatch);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Archive an item (status 13)' })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiOkResponse({ type: ItemSchema, description: 'The archived item' })
  archive(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.command(reply, actor, id, { type: 'ArchiveItem' }, ifMatch);
  }

  @Post(':id/restore')
  @HttpCode(200)
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Restore an archived item (status 12, or 14 for a sold unique item)' })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiOkResponse({ type: ItemSchema, description: 'The restored item' })
  restore(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.command(reply, actor, id, { type: 'RestoreItem' }, ifMatch);
  }

  @Post(':id/adjustments')
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Adjust on-hand stock at a location (201, the item)' })
  @ApiBody({ type: AdjustmentBody })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiConflictResponse({ description: 'insufficient_stock, item_archived or mobile_mutation_conflict' })
  @ApiCreatedResponse({ type: ItemSchema, description: 'The item with its new stock' })
  adjust(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: AdjustmentBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.send(reply, actor, { kind: 'adjust', id, input: body, ifMatch: parseIfMatch(ifMatch) });
  }

  private command(reply: FastifyReply, actor: Actor, id: string, command: ItemCommand, ifMatch?: string) {
    return this.send(reply, actor, { kind: 'command', id, command, ifMatch: parseIfMatch(ifMatch) });
  }

  private async send(reply: FastifyReply, actor: Actor, change: ItemChange): Promise<ItemJson> {
    const { body, revision } = await this.commands.execute(new ChangeItem(actor, change));
    setETag(reply, revision);
    return body;
  }
}
