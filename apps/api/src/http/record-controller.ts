import { randomUUID } from 'node:crypto';
import {
  applyDecorators,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  Type,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '../openapi/decorators';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Permission, Scope } from '@app/domain';
import { pathOf } from '@app/runtime';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { HistoryDeclaration, RecordHistory } from '../history';
import { IdempotencyKeyRequired } from '../idempotency/idempotency-key-required';
import { ApiDeleted } from '../openapi/response-schemas';
import { RetrieveOperation, WriteDocs, WriteOperation } from '../openapi/record-operations';
import { BodyOf } from './body-of';
import { parseIfMatch, withETag } from './etag';
import { IfMatch } from './if-match';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The reads a record's list and retrieve use when its declaration names no others. */
interface RecordReads {
  list(actor: Actor, query: Record<string, unknown>, url: string): Promise<unknown>;
  retrieve(actor: Actor, id: string, query: Record<string, unknown>): Promise<Written>;
}

/** A write's answer and the revision for its ETag. */
export interface Written {
  body: unknown;
  revision: number;
}

type Rule = readonly [Scope, Permission?];

/**
 * A catalogue record as its endpoints serve it (inventory-api §4): list, retrieve (as it is, or as
 * it was), create, update and, where it has one, delete. The commands run on `commands` and
 * answer the body with its revision; `reads` is resolved from the module.
 */
export interface RecordDeclaration<R> {
  /** The path under /api/v3, also its OpenAPI tag; it names the class and its operations. */
  path: string;
  /** Its JSON `object`, as a delete answers it. */
  object: string;
  /** As the docs name one: `category`. */
  noun: string;
  access: { read: Rule; write: Rule; delete?: Rule };
  /** How its If-Match header is described, if it is. */
  ifMatch?: string;
  /** Creates and updates must carry an Idempotency-Key (locations). */
  idempotencyKeyRequired?: boolean;
  reads: Type<R>;
  history: HistoryDeclaration<any, any>;
  schema: Type<unknown>;
  body: { create: Type<object>; update: Type<object> };
  /** The list from the query string; by default `reads.list(actor, query, url)`. */
  list?(reads: R, actor: Actor, query: Record<string, unknown>, url: string): Promise<unknown>;
  /** The record with its revision; by default `reads.retrieve(actor, id, query)`. */
  retrieve?(reads: R, actor: Actor, id: string, query: Record<string, unknown>): Promise<Written>;
  create(commands: CommandBus, actor: Actor, id: string, body: object): Promise<Written>;
  update(commands: CommandBus, actor: Actor, id: string, body: object, ifMatch?: number): Promise<Written>;
  remove?(commands: CommandBus, actor: Actor, id: string, ifMatch?: number): Promise<Written>;
  docs: {
    /** The list's OpenAPI stack (ListOperation). */
    list: MethodDecorator;
    retrieve: string;
    create: WriteDocs;
    update: WriteDocs;
    remove?: WriteDocs;
  };
}

/** The controller of one catalogue record, its operations in the order the document lists them. */
export function recordController<R>(declaration: RecordDeclaration<R>): Type<unknown> {
  const { access, docs, schema, noun } = declaration;
  const defaults = (reads: R) => reads as unknown as RecordReads;
  const list = declaration.list ?? ((reads, ...args) => defaults(reads).list(...args));
  const retrieve = declaration.retrieve ?? ((reads, ...args) => defaults(reads).retrieve(...args));
  const writes = declaration.idempotencyKeyRequired ? IdempotencyKeyRequired() : () => undefined;
  // Without a delete the handler has no route: Nest and the document leave it out.
  const remove = declaration.remove;
  const WhenDeletable = (...decorators: MethodDecorator[]) =>
    remove ? applyDecorators(...decorators) : () => undefined;

  @ApiTags(declaration.path)
  @Controller(`api/v3/${declaration.path}`)
  class RecordController {
    constructor(
      @Inject(CommandBus) private readonly commands: CommandBus,
      @Inject(declaration.reads) private readonly reads: R,
      @Inject(RecordHistory) private readonly history: RecordHistory,
    ) {}

    @Get()
    @Access(...access.read)
    @docs.list
    list(
      @CurrentActor() actor: Actor,
      @Query() query: Record<string, unknown>,
      @Req() request: FastifyRequest,
    ) {
      return list(this.reads, actor, query, pathOf(request.url));
    }

    @Get(':id')
    @Access(...access.read)
    @RetrieveOperation(schema, docs.retrieve)
    retrieve(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      const current = () => retrieve(this.reads, actor, id, query);
      return this.history.retrieve(declaration.history, { actor, id, query, reply }, current);
    }

    @Post()
    @Access(...access.write)
    @writes
    @WriteOperation(docs.create, ApiCreatedResponse({ type: schema, description: `The new ${noun}` }))
    async create(
      @CurrentActor() actor: Actor,
      @BodyOf(declaration.body.create) body: object,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return withETag(reply, await declaration.create(this.commands, actor, randomUUID(), body));
    }

    @Patch(':id')
    @Access(...access.write)
    @writes
    @WriteOperation(docs.update, ApiOkResponse({ type: schema }))
    async update(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @BodyOf(declaration.body.update) body: object,
      @IfMatch(declaration.ifMatch) ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      const written = await declaration.update(this.commands, actor, id, body, parseIfMatch(ifMatch));
      return withETag(reply, written);
    }

    @WhenDeletable(
      Delete(':id'),
      HttpCode(200),
      Access(...(access.delete ?? access.write)),
      WriteOperation(docs.remove ?? { summary: '' }, ApiDeleted(declaration.object)),
    )
    async remove(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @IfMatch(declaration.ifMatch) ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return withETag(reply, await remove!(this.commands, actor, id, parseIfMatch(ifMatch)));
    }
  }
  // Its own name per record, for Nest's injector and the OpenAPI operation ids: `ItemCategoriesController`.
  const name = declaration.path.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase());
  Object.defineProperty(RecordController, 'name', { value: `${name}Controller` });
  return RecordController;
}
