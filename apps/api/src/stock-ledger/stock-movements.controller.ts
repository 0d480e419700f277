import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { pathOf } from '@app/runtime';
import { ApiListOf } from '../openapi/response-schemas';
import { parseStockMovementQuery } from './stock-movement-query';
import { StockMovementReads } from './stock-movement-reads';
import { StockMovementSchema } from './stock-movement-schema';

/** The stock ledger of an item, for auditors (issue 14; docs/inventory.md, The stock ledger). */
@ApiTags('items')
@Controller('api/v3/items')
export class StockMovementsController {
  constructor(private readonly reads: StockMovementReads) {}

  @Get(':id/movements')
  @Access(['items:read', 'audit:read'])
  @ApiOperation({
    summary:
      'The movements of an item’s stock, newest first: per variation row and location, the change to each quantity, the on hand after it, its source document line or adjustment, event, user and key',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'include_total', required: false, type: Boolean })
  @ApiQuery({ name: 'location_id', required: false, type: String, format: 'uuid' })
  @ApiQuery({ name: 'item_variation_location_id', required: false, type: Number })
  @ApiQuery({
    name: 'date_from',
    required: false,
    type: String,
    format: 'date',
    description: 'Movements recorded on or after this day, in the account’s time zone',
  })
  @ApiQuery({
    name: 'date_to',
    required: false,
    type: String,
    format: 'date',
    description: 'Movements recorded on or before this day, in the account’s time zone',
  })
  @ApiListOf(StockMovementSchema)
  @ApiNotFoundResponse({ description: 'resource_missing: no such item, or one the caller may not see' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' })
  list(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const parsed = parseStockMovementQuery(query);
    return this.reads.list(actor, id, parsed, pathOf(request.url));
  }
}
