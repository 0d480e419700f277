import { Controller, Get, Inject, Injectable, Param, Query, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiQuery, ApiTags } from '../../openapi/decorators';
import { ApiListOf } from '../../openapi/response-schemas';
import { VariationAttributeSchema } from '../../variation-attributes/variation-attribute-schemas';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { FastifyRequest } from 'fastify';
import { Access } from '../../auth/access';
import { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/current-actor';
import { invalidQueryParameter } from '@app/runtime';
import { ListEnvelope, listEnvelope, parsePageRequest, pathOf } from '@app/runtime';
import { DATABASE } from '../../store/tokens';
import { ItemReads } from '../item-reads';
import {
  recordOfRow,
  VariationAttributeJson,
  variationAttributeJson,
} from '../../variation-attributes/variation-attribute-json';
import { queryText, refuseUnknownParams } from '@app/runtime';

const PARAMS = ['page', 'limit', 'include_total', 'include'];

/**
 * The attributes an item's variations combine, in the item's order; with `include=available`, for a
 * first variation, every account attribute that has values, by display name. An account has few
 * attributes: the page is cut in memory.
 */
@Injectable()
export class ItemAttributeReads {
  constructor(
    private readonly items: ItemReads,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async list(actor: Actor, itemId: string, query: Record<string, unknown>, url: string) {
    refuseUnknownParams(query, PARAMS);
    const include = queryText(query, 'include');
    if (include !== undefined && include !== 'available')
      throw invalidQueryParameter('include', 'include may only be available.');
    const page = parsePageRequest(query);
    const { record: item } = await this.items.visible(actor, itemId);
    const rows = await this.database.db
      .selectFrom('variation_attributes')
      .selectAll()
      .where('account_id', '=', actor.accountId)
      .orderBy(sql`lower(display_name)`)
      .orderBy('id')
      .execute();
    const attributes =
      include === 'available'
        ? rows.filter((row) => row.values.length > 0)
        : (item.variation_attribute_ids ?? [])
            .map((id) => rows.find((row) => row.id === id))
            .filter((row): row is (typeof rows)[number] => row !== undefined);
    const views = attributes.map((row) => variationAttributeJson(recordOfRow(row), row.revision));
    return listEnvelope({
      url,
      page: page.page,
      limit: page.limit,
      rows: views.slice(page.offset, page.offset + page.fetch),
      total: page.includeTotal ? views.length : undefined,
    }) as ListEnvelope<VariationAttributeJson>;
  }
}

@ApiTags('item-variations')
@Controller('api/v3/items/:id/variation-attributes')
export class ItemAttributesController {
  constructor(private readonly reads: ItemAttributeReads) {}

  @Get()
  @Access('items:read')
  @ApiOperation({
    summary: "The item's variation attributes with their values; include=available: all usable",
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'include', required: false, enum: ['available'] })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiListOf(VariationAttributeSchema)
  list(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, itemId, query, pathOf(request.url));
  }
}
