import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '../openapi/decorators';
import { pathOf } from '@app/runtime';
import { FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ChangeFeed } from './change-feed';
import { OBJECT_QUERY, parseChangeQuery } from './change-query';
import { ChangePageSchema } from './change-schemas';
import { CursorSecret } from './cursor-secret';

/** Incremental sync (documents-api §4: a starting timestamp and signed continuation cursors). */
@ApiTags('changes')
@Controller('api/v3/changes')
export class ChangesController {
  constructor(
    private readonly feed: ChangeFeed,
    private readonly secret: CursorSecret,
  ) {}

  @Get()
  @Access([])
  @ApiOperation({
    summary: "The account's record changes in log order, from a time or a cursor",
    description:
      'Every create, update, action and delete of the records the key may read (its read scopes) and its user may see. ' +
      'Start from the beginning or `since` a time; go on with the `next_cursor` of the previous page.',
  })
  @ApiQuery({ name: 'since', required: false, description: 'ISO 8601: the first change at or after it' })
  @ApiQuery({ name: 'cursor', required: false, description: 'A next_cursor of this feed' })
  @ApiQuery(OBJECT_QUERY)
  @ApiQuery({
    name: 'limit',
    required: false,
    type: Number,
    description: 'Changes examined, 1 to 100, default 20',
  })
  @ApiQuery({
    name: 'expand',
    required: false,
    enum: ['record'],
    description: 'record: each record as of its revision',
  })
  @ApiOkResponse({ type: ChangePageSchema })
  @ApiBadRequestResponse({ description: 'invalid_cursor: changed, foreign or malformed' })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const changes = parseChangeQuery(query, actor.accountId, await this.secret.value());
    return this.feed.page(actor, changes, pathOf(request.url));
  }
}
