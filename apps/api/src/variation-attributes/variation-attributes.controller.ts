import { Body, Controller, Get, Headers, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
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
import { ApiListOf } from '../openapi/response-schemas';
import { VariationAttributeSchema } from './variation-attribute-schemas';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { VariationAttributeBody } from './variation-attribute-bodies';
import { ChangeVariationAttribute } from './variation-attribute-commands';
import { variationAttributeHistory } from './variation-attribute-history';
import { VariationAttributeStore } from './variation-attribute-store';

const MODIFY = 'inventory.modify';

/** Account variation attributes and their values (EXTENSIONS.md §7). */
@ApiTags('variation-attributes')
@Controller('api/v3/variation-attributes')
export class VariationAttributesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: VariationAttributeStore,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @Access('items:read')
  @ApiOperation({ summary: "List the account's variation attributes by display name" })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiListOf(VariationAttributeSchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.store.list(actor, query, pathOf(request.url));
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('items:read')
  @ApiOperation({ summary: 'Retrieve an attribute; with as_of_revision (audit:read), as it was then' })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiOkResponse({ type: VariationAttributeSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query))
      return this.history.retrieveAsOf(variationAttributeHistory, id, query, actor, reply);
    const { body, revision } = await this.store.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Create an attribute with its values (201)' })
  @ApiBody({ type: VariationAttributeBody })
  @ApiConflictResponse({ description: 'duplicate_variation_attribute' })
  @ApiCreatedResponse({ type: VariationAttributeSchema, description: 'The new attribute' })
  create(
    @CurrentActor() actor: Actor,
    @Body() body: VariationAttributeBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, new ChangeVariationAttribute(actor, { kind: 'create', input: body }));
  }

  @Patch(':id')
  @Access('items:write', MODIFY)
  @ApiOperation({ summary: 'Rename an attribute or give the complete set of its values' })
  @ApiBody({ type: VariationAttributeBody })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiConflictResponse({ description: 'variation_attribute_value_in_use or duplicate_variation_attribute' })
  @ApiOkResponse({ type: VariationAttributeSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: VariationAttributeBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const change = { kind: 'update' as const, id, input: body, ifMatch: parseIfMatch(ifMatch) };
    return this.send(reply, new ChangeVariationAttribute(actor, change));
  }

  private async send(reply: FastifyReply, command: ChangeVariationAttribute) {
    const { body, revision } = await this.commands.execute(command);
    setETag(reply, revision);
    return body;
  }
}
