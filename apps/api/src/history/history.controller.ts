import { Controller, Get, Inject, Param, Query, Req, Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../openapi/decorators';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiListOf } from '../openapi/response-schemas';
import { EventEntrySchema } from './event-entry-schema';
import { FieldHistory } from './field-history';
import { HistoryEntrySchema } from './history-entry-schema';
import { ApiHistoryQuery, parseHistoryQuery } from './history-query';
import { DomainEvent } from '@app/event-store/aggregate';
import { FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { pathOf } from '@app/runtime';
import { ApiEventsQuery, parseEventsQuery } from './events-query';
import { HistoryDeclaration } from './history-declaration';
import { RecordHistory } from './record-history';

/**
 * The controller serving GET /api/v3/{path}/{id}/events and …/history for one declared resource: add it to the
 * resource module's controllers.
 */
export function historyController<R, E extends DomainEvent>(
  declaration: HistoryDeclaration<R, E>,
): Type<unknown> {
  @ApiTags(declaration.path)
  @Controller(`api/v3/${declaration.path}`)
  class HistoryController {
    constructor(
      @Inject(RecordHistory) private readonly history: RecordHistory,
      @Inject(FieldHistory) private readonly fields: FieldHistory,
    ) {}

    @Get(':id/events')
    @Access([...declaration.scopes, 'audit:read'], declaration.permission)
    @ApiOperation({ summary: `The record's events, oldest first (auditors)` })
    @ApiEventsQuery()
    @ApiListOf(EventEntrySchema, { description: 'A page of the record’s events' })
    @ApiErrors(404, 410, 422)
    events(
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Req() request: FastifyRequest,
      @CurrentActor() actor: Actor,
    ) {
      return this.history.events(declaration, id, actor, parseEventsQuery(query), pathOf(request.url));
    }

    @Get(':id/history')
    @Access([...declaration.scopes, 'audit:read'], declaration.permission)
    @ApiOperation({ summary: `The record's field changes per revision, newest first (auditors)` })
    @ApiHistoryQuery()
    @ApiListOf(HistoryEntrySchema, { description: 'A page of the record’s revisions' })
    @ApiErrors(404, 410, 422)
    fieldHistory(
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Req() request: FastifyRequest,
      @CurrentActor() actor: Actor,
    ) {
      return this.fields.page(declaration, id, actor, parseHistoryQuery(query), pathOf(request.url));
    }
  }
  // Its own name per resource, for Nest's injector and unique OpenAPI operation ids.
  Object.defineProperty(HistoryController, 'name', {
    value: `${pascalCase(declaration.path)}HistoryController`,
  });
  return HistoryController;
}

function pascalCase(path: string): string {
  return path
    .split(/[^a-zA-Z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
