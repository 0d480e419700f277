import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '../openapi/decorators';
import { ListOperation, RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import { ItemSchema } from './item-schemas';
import { ItemCommand, ItemInput } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, withETag } from '../http/etag';
import { IfMatch } from '../http/if-match';
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
  @ListOperation(ItemSchema, 'List items by name: active ones by default (sold unique items left out)', {
    total: true,
    filters: [
      {
        name: 'q',
        required: false,
        description: 'In name, SKU, barcode, serial number; digits: the item number too',
      },
      { name: 'category_id', required: false },
      { name: 'type', required: false, enum: ['quantity', 'unique'] },
      { name: 'archived', required: false, enum: ['false', 'true', 'all'] },
      { name: 'location_id', required: false, description: 'Adds location_inventory' },
      { name: 'include', required: false, enum: ['photos'] },
      { name: 'ids', required: false, description: 'Up to 50 comma-separated ids, in that order' },
    ],
    invalidQuery: true,
  })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseItemListQuery(query), pathOf(request.url));
  }

  @Get(':id')
  @Access('items:read')
  @RetrieveOperation(
    ItemSchema,
    'Retrieve an item with its photos; with as_of_revision (audit:read), as it was then',
    { notFound: false },
  )
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
    return withETag(reply, await this.reads.retrieve(actor, id, query));
  }

  @Post()
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Create an item (201); its number is assigned',
      body: ItemBody,
      conflict: 'account_record_limit_reached',
    },
    ApiCreatedResponse({ type: ItemSchema, description: 'The new item' }),
  )
  create(
    @CurrentActor() actor: Actor,
    @Body() body: ItemBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.send(reply, actor, { kind: 'create', input: body as ItemInput });
  }

  @Patch(':id')
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Change the given fields of an item (archived items are read-only: 409 item_archived)',
      body: ItemBody,
      conflict: 'item_archived or mobile_mutation_conflict',
    },
    ApiOkResponse({ type: ItemSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ItemBody,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.command(reply, actor, id, { type: 'UpdateItem', input: body as ItemInput }, ifMatch);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Access('items:write', MODIFY)
  @WriteOperation(
    { summary: 'Archive an item (status 13)' },
    ApiOkResponse({ type: ItemSchema, description: 'The archived item' }),
  )
  archive(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.command(reply, actor, id, { type: 'ArchiveItem' }, ifMatch);
  }

  @Post(':id/restore')
  @HttpCode(200)
  @Access('items:write', MODIFY)
  @WriteOperation(
    { summary: 'Restore an archived item (status 12, or 14 for a sold unique item)' },
    ApiOkResponse({ type: ItemSchema, description: 'The restored item' }),
  )
  restore(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.command(reply, actor, id, { type: 'RestoreItem' }, ifMatch);
  }

  @Post(':id/adjustments')
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Adjust on-hand stock at a location (201, the item)',
      body: AdjustmentBody,
      conflict: 'insufficient_stock, item_archived or mobile_mutation_conflict',
    },
    ApiCreatedResponse({ type: ItemSchema, description: 'The item with its new stock' }),
  )
  adjust(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: AdjustmentBody,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemJson> {
    return this.send(reply, actor, { kind: 'adjust', id, input: body, ifMatch: parseIfMatch(ifMatch) });
  }

  private command(reply: FastifyReply, actor: Actor, id: string, command: ItemCommand, ifMatch?: string) {
    return this.send(reply, actor, { kind: 'command', id, command, ifMatch: parseIfMatch(ifMatch) });
  }

  private async send(reply: FastifyReply, actor: Actor, change: ItemChange): Promise<ItemJson> {
    return withETag(reply, await this.commands.execute(new ChangeItem(actor, change)));
  }
}
