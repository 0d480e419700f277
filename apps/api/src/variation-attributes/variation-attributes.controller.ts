import { Body, Controller, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ListOperation, RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import { VariationAttributeSchema } from './variation-attribute-schemas';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { RecordHistory } from '../history';
import { parseIfMatch, withETag } from '../http/etag';
import { IfMatch } from '../http/if-match';
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
  @ListOperation(VariationAttributeSchema, "List the account's variation attributes by display name", {
    limitRange: false,
  })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.store.list(actor, query, pathOf(request.url));
  }

  @Get(':id')
  @Access('items:read')
  @RetrieveOperation(
    VariationAttributeSchema,
    'Retrieve an attribute; with as_of_revision (audit:read), as it was then',
  )
  retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const request = { actor, id, query, reply };
    return this.history.retrieve(variationAttributeHistory, request, () =>
      this.store.retrieve(actor, id, query),
    );
  }

  @Post()
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Create an attribute with its values (201)',
      body: VariationAttributeBody,
      conflict: 'duplicate_variation_attribute',
    },
    ApiCreatedResponse({ type: VariationAttributeSchema, description: 'The new attribute' }),
  )
  create(
    @CurrentActor() actor: Actor,
    @Body() body: VariationAttributeBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, new ChangeVariationAttribute(actor, { kind: 'create', input: body }));
  }

  @Patch(':id')
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Rename an attribute or give the complete set of its values',
      body: VariationAttributeBody,
      notFound: true,
      conflict: 'variation_attribute_value_in_use or duplicate_variation_attribute',
    },
    ApiOkResponse({ type: VariationAttributeSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: VariationAttributeBody,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const change = { kind: 'update' as const, id, input: body, ifMatch: parseIfMatch(ifMatch) };
    return this.send(reply, new ChangeVariationAttribute(actor, change));
  }

  private async send(reply: FastifyReply, command: ChangeVariationAttribute) {
    return withETag(reply, await this.commands.execute(command));
  }
}
