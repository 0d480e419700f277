import { randomUUID } from 'node:crypto';
import {
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
  Type,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, HistoryDeclaration, RecordHistory } from '../history';
import { BodyOf } from '../http/body-of';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { ChangeParty } from './party-commands';
import { ApiPartyList, ApiPartyRecord } from './party-docs';
import { PartyKind } from './party-kind';
import { parsePartyListQuery } from './party-list-query';
import { PartyReads } from './party-reads';

/* eslint-disable @typescript-eslint/no-explicit-any */

const MANAGE = 'account_records.manage';

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
    @ApiAsOfRevision()
    @Access(scopes.read, MANAGE)
    @ApiOperation({ summary: `Retrieve a ${noun}; with as_of_revision (audit:read), as it was then` })
    @ApiPartyRecord()
    @ApiOkResponse({ type: kind.schema })
    async retrieve(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      if (asOfRequested(query)) return this.history.retrieveAsOf(history, id, query, actor, reply);
      const { body, revision } = await this.reads.retrieve(kind, actor, id, query);
      setETag(reply, revision);
      return body;
    }

    @Post()
    @Access(scopes.write, MANAGE)
    @ApiOperation({ summary: `Create a ${noun}` })
    @ApiBody({ type: kind.body })
    @ApiConflictResponse({ description: 'account_record_limit_reached' })
    @ApiCreatedResponse({ type: kind.schema, description: `The new ${noun}` })
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
    @ApiOperation({ summary: `Change the given fields of a ${noun}` })
    @ApiBody({ type: kind.body })
    @ApiPartyRecord({ writes: true })
    @ApiOkResponse({ type: kind.schema })
    update(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @BodyOf(kind.body) body: object,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.update(body), ifMatch);
    }

    @Delete(':id')
    @HttpCode(200)
    @Access(scopes.delete, MANAGE)
    @ApiOperation({ summary: `Delete a ${noun} no document references` })
    @ApiPartyRecord({ writes: true })
    @ApiDeleted(noun)
    remove(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.remove, ifMatch);
    }

    @Post(':id/archive')
    @HttpCode(200)
    @Access(scopes.write, MANAGE)
    @ApiOperation({ summary: `Archive a ${noun}` })
    @ApiPartyRecord({ writes: true })
    @ApiOkResponse({ type: kind.schema, description: `The archived ${noun}` })
    archive(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, kind.commands.archive, ifMatch);
    }

    @Post(':id/restore')
    @HttpCode(200)
    @Access(scopes.write, MANAGE)
    @ApiOperation({ summary: `Restore an archived ${noun}` })
    @ApiPartyRecord({ writes: true })
    @ApiOkResponse({ type: kind.schema, description: `The restored ${noun}` })
    restore(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Headers('if-match') ifMatch: string | undefined,
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
      const { body, revision } = await this.commands.execute(new ChangeParty(kind, change));
      setETag(reply, revision);
      return body;
    }
  }
  // Its own name per kind, for Nest's injector and unique OpenAPI operation ids.
  const name = `${kind.table[0].toUpperCase()}${kind.table.slice(1)}Controller`;
  Object.defineProperty(PartyController, 'name', { value: name });
  return PartyController;
}
