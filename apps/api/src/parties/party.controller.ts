import { randomUUID } from 'node:crypto';
import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res, Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '../openapi/decorators';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { RetrieveOperation, WriteOperation } from '../openapi/record-operations';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { HistoryDeclaration, RecordHistory } from '../history';
import { BodyOf } from '../http/body-of';
import { parseIfMatch, withETag } from '../http/etag';
import { IF_MATCH_CHANGE, IfMatch } from '../http/if-match';
import { pathOf } from '@app/runtime';
import { ChangeParty } from './party-commands';
import { ApiPartyList } from './party-docs';
import { PartyKind } from './party-kind';
import { parsePartyListQuery } from './party-list-query';
import { PartyReads } from './party-reads';

/* eslint-disable @typescript-eslint/no-explicit-any */

const MANAGE = 'account_records.manage';
/** A write on one record: 404 outside the caller's view, 409 on a stale If-Match. */
const RECORD_WRITE = { notFound: true, conflict: 'mobile_mutation_conflict' };

/**
 * The endpoints of customers (with prospects) or suppliers (EXTENSIONS.md §6): one controller class
 * per kind, built from the kind's description, so both keep exactly the same rules.
 */
export function partyController(kind: PartyKind<any, any>, history: HistoryDeclaration<any>): Type<unknown> {
  const { noun, scopes } = kind;

  @ApiTags(kind.table)
  @Controller(`api/v3/${kind.table}`)
  class PartyController {
    constructor(
      private readonly commands: CommandBus,
      private readonly reads: PartyReads,
      private readonly history: RecordHistory,
    ) {}

    @Get()
    @Access(scopes.read, MANAGE)
    @ApiOperation({ summary: `List ${kind.table} by name` })
    @ApiPartyList(kind.kinds)
    @ApiListOf(kind.schema)
    list(
      @CurrentActor() actor: Actor,
      @Query() query: Record<string, unknown>,
      @Req() request: FastifyRequest,
    ) {
      return this.reads.list(kind, actor, parsePartyListQuery(kind, query), pathOf(request.url));
    }

    @Get(':id')
    @Access(scopes.read, MANAGE)
    @RetrieveOperation(kind.schema, `Retrieve a ${noun}; with as_of_revision (audit:read), as it was then`)
    retrieve(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      const request = { actor, id, query, reply };
      return this.history.retrieve(history, request, () => this.reads.retrieve(kind, actor, id, query));
    }

    @Post()
    @Access(scopes.write, MANAGE)
    @WriteOperation(
      { summary: `Create a ${noun}`, body: kind.body, conflict: 'account_record_limit_reached' },
      ApiCreatedResponse({ type: kind.schema, description: `The new ${noun}` }),
    )
    create(
      @CurrentActor() actor: Actor,
      @BodyOf(kind.body) body: object,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      const id = randomUUID();
      return this.send(reply, actor, id, kind.commands.create(id, body), undefined, true);
    }

    @Patch(':id')
    @Access(scopes.write, MANAGE)
    @WriteOperation(
      { summary: `Change the given fields of a ${noun}`, body: kind.body, ...RECORD_WRITE },
      ApiOkResponse({ type: kind.schema }),
    )
    update(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @BodyOf(kind.body) body: object,
      @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.update(body), ifMatch);
    }

    @Delete(':id')
    @HttpCode(200)
    @Access(scopes.delete, MANAGE)
    @WriteOperation({ summary: `Delete a ${noun} no document references`, ...RECORD_WRITE }, ApiDeleted(noun))
    remove(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.remove, ifMatch);
    }

    @Post(':id/archive')
    @HttpCode(200)
    @Access(scopes.write, MANAGE)
    @WriteOperation(
      { summary: `Archive a ${noun}`, ...RECORD_WRITE },
      ApiOkResponse({ type: kind.schema, description: `The archived ${noun}` }),
    )
    archive(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.archive, ifMatch);
    }

    @Post(':id/restore')
    @HttpCode(200)
    @Access(scopes.write, MANAGE)
    @WriteOperation(
      { summary: `Restore an archived ${noun}`, ...RECORD_WRITE },
      ApiOkResponse({ type: kind.schema, description: `The restored ${noun}` }),
    )
    restore(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @IfMatch(IF_MATCH_CHANGE) ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.restore, ifMatch);
    }

    private async send(
      reply: FastifyReply,
      actor: Actor,
      id: string,
      command: { type: string },
      ifMatch?: string,
      fresh = false,
    ) {
      const change = { actor, id, command, ifMatch: parseIfMatch(ifMatch), fresh };
      return withETag(reply, await this.commands.execute(new ChangeParty(kind, change)));
    }
  }
  // Its own name per kind, for Nest's injector and unique OpenAPI operation ids.
  const name = `${kind.table[0].toUpperCase()}${kind.table.slice(1)}Controller`;
  Object.defineProperty(PartyController, 'name', { value: name });
  return PartyController;
}
