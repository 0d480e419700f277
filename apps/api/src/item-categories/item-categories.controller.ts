import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDeleted } from '../openapi/response-schemas';
import { ListOperation, RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import { ItemCategorySchema } from './item-category-schemas';
import { ItemCategoryCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { RecordHistory } from '../history';
import { parseIfMatch, withETag } from '../http/etag';
import { IF_MATCH_CHANGE, IfMatch } from '../http/if-match';
import { pathOf } from '@app/runtime';
import { CreateItemCategoryBody, UpdateItemCategoryBody } from './item-category-bodies';
import { ChangeItemCategory, freshFieldIds } from './item-category-commands';
import { itemCategoryHistory } from './item-category-history';
import { parseItemCategoryListQuery } from './item-category-list-query';
import { ItemCategoryReads } from './item-category-reads';

/** Item categories with their custom-field definitions (inventory-api §4, "Item categories"). */
@ApiTags('item-categories')
@Controller('api/v3/item-categories')
export class ItemCategoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ItemCategoryReads,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @Access('items:read')
  @ListOperation(ItemCategorySchema, 'List the account’s item categories by weight, then name', {
    total: true,
    filters: [
      { name: 'q', required: false, description: 'In category names' },
      { name: 'parent_id', required: false, description: 'A category id (its direct children) or root' },
    ],
    invalidQuery: true,
  })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseItemCategoryListQuery(query), pathOf(request.url));
  }

  @Get(':id')
  @Access('items:read')
  @RetrieveOperation(
    ItemCategorySchema,
    'Retrieve a category; with as_of_revision (audit:read), as it was then',
  )
  retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.history.retrieve(itemCategoryHistory, { actor, id, query, reply }, async () => {
      const body = await this.reads.retrieve(actor, id, query);
      return { body, revision: body.revision };
    });
  }

  @Post()
  @Access('items:write', 'inventory.modify')
  @WriteOperation(
    { summary: 'Create an item category', body: CreateItemCategoryBody },
    ApiCreatedResponse({ type: ItemCategorySchema, description: 'The new category' }),
  )
  create(
    @CurrentActor() actor: Actor,
    @Body() body: CreateItemCategoryBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = randomUUID();
    const command = { type: 'CreateItemCategory', id, input: body, fieldIds: freshFieldIds(body) } as const;
    return this.send(reply, actor, id, command);
  }

  @Patch(':id')
  @Access('items:write', 'inventory.modify')
  @WriteOperation(
    {
      summary: 'Change a category; custom_fields, when sent, is the complete list',
      body: UpdateItemCategoryBody,
      notFound: true,
      conflict: 'mobile_mutation_conflict',
    },
    ApiOkResponse({ type: ItemCategorySchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateItemCategoryBody,
    @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'UpdateItemCategory', input: body, fieldIds: freshFieldIds(body) } as const;
    return this.send(reply, actor, id, command, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @WriteOperation(
    {
      summary: 'Delete a category that holds no items and no subcategories',
      notFound: true,
      conflict: 'item_category_delete_not_allowed or mobile_mutation_conflict',
    },
    ApiDeleted('item_category'),
  )
  remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'DeleteItemCategory' }, ifMatch);
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: ItemCategoryCommand,
    ifMatch?: string,
  ) {
    const change = new ChangeItemCategory(actor, id, command, parseIfMatch(ifMatch));
    return withETag(reply, await this.commands.execute(change));
  }
}
