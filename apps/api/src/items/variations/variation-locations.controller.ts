import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '../../openapi/decorators';
import { WriteOperation } from '../../openapi/record-operations';
import { VariationLocationDeletedSchema, VariationSchema } from './variation-schemas';
import { ItemVariationCommand, isRecordId } from '@app/domain';
import { FastifyReply } from 'fastify';
import { Access } from '../../auth/access';
import { Actor } from '../../auth/actor';
import { CurrentActor } from '../../auth/current-actor';
import { IfMatch } from '../../http/if-match';
import { resourceMissing } from '@app/runtime';
import {
  VariationAdjustmentBody,
  VariationLocationBody,
  VariationLocationChangesBody,
} from './variation-bodies';
import { VariationChanges } from './variation-changes';
import { variationCommand } from './variation-commands';

const MODIFY = 'inventory.modify';

/** A variation's location rows (inventory-api §4) and their stock adjustments (EXTENSIONS.md §7). */
@ApiTags('item-variations')
@Controller('api/v3/items/:id/variations/:variation_id/locations')
@ApiNotFoundResponse({ description: 'resource_missing' })
export class VariationLocationsController {
  constructor(private readonly changes: VariationChanges) {}

  @Post()
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: 'Stock the variation at another active location (201), with zero balances',
      body: VariationLocationBody,
      conflict: 'variation_location_exists or item_archived',
    },
    ApiCreatedResponse({ type: VariationSchema, description: 'The variation with its new row' }),
  )
  add(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Body() body: VariationLocationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'AddVariationLocation' as const, input: body, item_variation_location_id: 0 };
    return this.send(reply, actor, itemId, variationId, command);
  }

  @Patch(':location_id')
  @Access('items:write', MODIFY)
  @WriteOperation(
    { summary: "Change a row's threshold or zone", body: VariationLocationChangesBody },
    ApiOkResponse({ type: VariationSchema }),
  )
  update(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Param('location_id') locationId: string,
    @Body() body: VariationLocationChangesBody,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'UpdateVariationLocation' as const, location_id: row(locationId), input: body };
    return this.send(reply, actor, itemId, variationId, command, ifMatch);
  }

  @Delete(':location_id')
  @HttpCode(200)
  @Access('items:delete', 'inventory.delete')
  @WriteOperation(
    {
      summary: 'Remove an empty, unused row that is not the last',
      conflict: 'item_variation_location_delete_not_allowed',
    },
    ApiOkResponse({ type: VariationLocationDeletedSchema, description: 'The row is removed' }),
  )
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Param('location_id') locationId: string,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'RemoveVariationLocation' as const, location_id: row(locationId) };
    await this.changes.remove(reply, actor, variationCommand(itemId, variationId, command, ifMatch));
    const deleted = { item_id: itemId, variation_id: variationId, location_id: locationId, deleted: true };
    return { object: 'item_variation_location', ...deleted };
  }

  @Post(':location_id/adjustments')
  @Access('items:write', MODIFY)
  @WriteOperation(
    {
      summary: "Adjust the row's on-hand stock (201, the variation)",
      body: VariationAdjustmentBody,
      conflict: 'insufficient_stock or item_archived',
    },
    ApiCreatedResponse({ type: VariationSchema, description: 'The variation with its new stock' }),
  )
  adjust(
    @CurrentActor() actor: Actor,
    @Param('id') itemId: string,
    @Param('variation_id') variationId: string,
    @Param('location_id') locationId: string,
    @Body() body: VariationAdjustmentBody,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const command = { type: 'AdjustVariationStock' as const, location_id: row(locationId), input: body };
    return this.send(reply, actor, itemId, variationId, command, ifMatch);
  }

  private send(
    reply: FastifyReply,
    actor: Actor,
    itemId: string,
    variationId: string,
    command: ItemVariationCommand,
    ifMatch?: string,
  ) {
    return this.changes.answer(reply, actor, variationCommand(itemId, variationId, command, ifMatch));
  }
}

/** A row is named by its location's id: anything else names no row. */
function row(locationId: string): string {
  if (!isRecordId(locationId)) throw resourceMissing();
  return locationId;
}
