import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '../openapi/decorators';
import { pathOf } from '@app/runtime';
import { FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { CursorSecret } from '../changes/cursor-secret';
import { OBJECT_QUERY } from '../changes/change-query';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { AccountEventPageSchema } from './account-event-schemas';
import { parseAccountEventsQuery } from './account-events-query';
import { AccountLog, PAGE_SCAN } from './account-log';

/** The auditor's account-wide history (issue 30): every event, in log order. */
@ApiTags('events')
@Controller('api/v3/events')
export class AccountEventsController {
  constructor(
    private readonly log: AccountLog,
    private readonly secret: CursorSecret,
  ) {}

  @Get()
  @Access(['audit:read'])
  @ApiOperation({
    summary: "The account's events in log order (auditors)",
    description:
      'Every event of the records the key may read (their read scopes) and its user may see, each as the record’s `/events` shows it (cost fields left out without unit_cost.view). ' +
      `A page examines at most ${PAGE_SCAN} events of the log, so it may be short, even empty, with has_more: go on with next_cursor and the same filters until has_more is false.`,
  })
  @ApiQuery({ name: 'since', required: false, description: 'ISO 8601: events recorded at or after it' })
  @ApiQuery({ name: 'until', required: false, description: 'ISO 8601: events recorded before it' })
  @ApiQuery(OBJECT_QUERY)
  @ApiQuery({
    name: 'type',
    required: false,
    description: 'Event types, comma-separated, e.g. InvoiceCreated',
  })
  @ApiQuery({
    name: 'cursor',
    required: false,
    description: 'A next_cursor of this list (or of the change feed)',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    type: Number,
    description: 'Events per page, 1 to 100, default 20',
  })
  @ApiOkResponse({ type: AccountEventPageSchema })
  @ApiErrors(400, 422)
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    const parsed = parseAccountEventsQuery(query, actor.accountId, await this.secret.value());
    return this.log.page(actor, parsed, pathOf(request.url));
  }
}
