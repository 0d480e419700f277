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
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { ItemCategorySchema } from './item-category-schemas';
import { ItemCategoryCommand } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { CreateItemCategoryBody, UpdateItemCategoryBody } from './item-category-bodies';
import { ChangeItemCategory, freshFieldIds } from './item-category-commands';
import { itemCategoryHistory } from './item-category-history';
import { parseItemCategoryListQuery } from './item-category-list-query';
import { ItemCategoryReads } from './item-category-reads';

const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description: 'The revision the change is based on',
});

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
  @ApiOperation({ summary: 'List the account’s item categories by weight, then name' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'include_total', required: false, type: Boolean })
  @ApiQuery({ name: 'q', required: false, description: 'In category names' })
  @ApiQuery({
    name: 'parent_id',
    required: false,
    description: 'A category id (its direct children) or root',
  })
  @ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' })
  @ApiListOf(ItemCategorySchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, parseItemCategoryListQuery(query), pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('items:read')
  @ApiOperation({ summary: 'Retrieve a category; with as_of_revision (audit:read), as it was then' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiOkResponse({ type: ItemCategorySchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.history.retrieveAsOf(itemCategoryHistory, id, query, actor, reply);
    const body = await this.reads.retrieve(actor, id, query);
    setETag(reply, body.revision);
    return body;
  }

  @Post()
  @Access('items:write', 'inventory.modify')
  @ApiOperation({ summary: 'Create an item category' })
  @ApiBody({ type: CreateItemCategoryBody })
  @ApiCreatedResponse({ type: ItemCategorySchema, description: 'The new category' })
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
  @ApiOperation({ summary: 'Change a category; custom_fields, when sent, is the complete list' })
  @ApiBody({ type: UpdateItemCategoryBody })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiConflictResponse({ description: 'mobile_mutation_conflict' })
  @IF_MATCH
  @ApiOkResponse({ type: ItemCategorySchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateItemCategoryBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'UpdateItemCategory', input: body, fieldIds: freshFieldIds(body) } as const;
    return this.send(reply, actor, id, command, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @ApiOperation({ summary: 'Delete a category that holds no items and no subcategories' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiConflictResponse({ description: 'item_category_delete_not_allowed or mobile_mutation_conflict' })
  @IF_MATCH
  @ApiDeleted('item_category')
  remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
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
    const { body, revision } = await this.commands.execute(change);
    setETag(reply, revision);
    return body;
  }
}
