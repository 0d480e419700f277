import {
  Controller,
  Delete,
  Get,
  Headers,
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
import { ModuleRef } from '@nestjs/core';
import { Command, CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiHeader, ApiOkResponse, ApiTags } from '../openapi/decorators';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, HistoryDeclaration, RecordHistory } from '../history';
import { BodyOf } from '../http/body-of';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf, refuseUnknownParams } from '@app/runtime';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { addDocumentActions, DocumentAction } from './document-actions';
import { documentInput } from './document-body';
import { ApiDocumentListQuery } from './document-list-docs';
import { DateFilter, DocumentListRequest, IdFilter, parseDocumentListQuery } from './document-list-query';
import { Scope, Permission } from '@app/domain';
import { LinesRead } from './document-line-skus';
import { Documented, RouteDocs } from './route-docs';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** What a command on a document hands back: the record after it (null once deleted) and its revision. */
export interface DocumentWritten<R> {
  record: R | null;
  revision: number;
}

/** Any change of a document: a create (no id yet) or a command on an existing one. */
export type DocumentChange<C> = { create: any } | { id: string; command: C; ifMatch?: number };

/** The reads a document controller answers with. */
export interface DocumentReads<R> {
  list(actor: Actor, request: DocumentListRequest, url: string): Promise<unknown>;
  /** The document and its revision as its stream has them, if the actor may see it; else 404. */
  read(actor: Actor, id: string): Promise<{ record: R; revision: number }>;
  /** `lines` `built`: a create's, copied from their items as they read now (see DocumentLineSkus.live). */
  detail(actor: Actor, record: R, revision: number, lines?: LinesRead): unknown;
}

/**
 * One document type as its endpoints serve it (documents-api §4): list, retrieve, create, update,
 * delete, a preview where it has one, and the revision (ETag) each write answers.
 */
export interface DocumentDeclaration<
  R,
  C extends { type: string },
  Reads extends DocumentReads<R> = DocumentReads<R>,
> {
  /** The path under /api/v3, also its OpenAPI tag: `invoices`. */
  path: string;
  /** Its JSON `object`, as a delete answers it: `invoice`. */
  object: string;
  /** The noun of its list's documentation: `sales order`. */
  noun: string;
  /** Sales-order revisions carry a prefix (`so_7`). */
  etagPrefix?: string;
  scopes: { read: Scope; write: Scope; delete: Scope };
  permissions: { read: Permission; write: Permission; delete: Permission };
  /** Checked before anything else on every endpoint (purchase orders: their access permission). */
  guard?: (actor: Actor) => void;
  list: { dates: readonly DateFilter[]; ids?: readonly IdFilter[]; party?: 'customer_id' | 'supplier_id' };
  reads: Type<Reads>;
  history: HistoryDeclaration<R, any>;
  change: new (actor: Actor, change: DocumentChange<C>) => Command<DocumentWritten<R>>;
  update: (input: Record<string, unknown>) => C;
  remove: C;
  body: Type<object>;
  /** The entries of its list. */
  summarySchema: Type<unknown>;
  preview?: DocumentPreview<any>;
  /** Its own endpoints, after the common ones (as the OpenAPI document lists them). */
  actions?: readonly DocumentAction<C>[];
  docs: { list: RouteDocs; retrieve: RouteDocs; create: RouteDocs; update: RouteDocs; remove: RouteDocs };
}

/** A calculation of a new document or of changes to one, appending nothing (estimates). */
export interface DocumentPreview<P> {
  schema: Type<unknown>;
  /** The service that calculates, resolved from the module. */
  by: Type<{
    previewNew(actor: Actor, input: any): Promise<P>;
    previewChange(actor: Actor, id: string, input: any, ifMatch?: number): Promise<P>;
  }>;
  view: (actor: Actor, previewed: P, isNew: boolean) => unknown;
  docs: { previewNew: RouteDocs; previewChange: RouteDocs };
}

/** The controller of one document type: the common endpoints and its own actions, from its declaration. */
export function documentController<R, C extends { type: string }>(
  declaration: DocumentDeclaration<R, C>,
): Type<unknown> {
  const { scopes, permissions, docs, guard = () => undefined } = declaration;
  const preview = declaration.preview;
  const list = declaration.list;
  // Without a preview the preview handlers have no route: Nest and the document leave them out.
  const WhenPreviewed = (route: () => RouteDocs) => (preview ? Documented(route()) : () => undefined);

  @ApiTags(declaration.path)
  @Controller(`api/v3/${declaration.path}`)
  class DocumentController {
    constructor(
      @Inject(CommandBus) private readonly commands: CommandBus,
      @Inject(declaration.reads) private readonly reads: DocumentReads<R>,
      @Inject(RecordHistory) private readonly history: RecordHistory,
      @Inject(ModuleRef) private readonly modules: ModuleRef,
    ) {}

    @Get()
    @ApiDocumentListQuery(declaration.noun, list.dates, list.ids?.map((f) => f.param), list.party)
    @Access(scopes.read, permissions.read)
    @ApiListOf(declaration.summarySchema)
    @Documented(docs.list)
    list(
      @CurrentActor() actor: Actor,
      @Query() query: Record<string, unknown>,
      @Req() request: FastifyRequest,
    ) {
      guard(actor);
      const parsed = parseDocumentListQuery(query, list.dates, list.ids, list.party);
      return this.reads.list(actor, parsed, pathOf(request.url));
    }

    @Get(':id')
    @ApiAsOfRevision()
    @Access(scopes.read, permissions.read)
    @Documented(docs.retrieve)
    async retrieve(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      guard(actor);
      if (asOfRequested(query))
        return this.history.retrieveAsOf(declaration.history, id, query, actor, reply);
      refuseUnknownParams(query);
      const { record, revision } = await this.reads.read(actor, id);
      const body = await this.reads.detail(actor, record, revision);
      setETag(reply, revision, declaration.etagPrefix);
      return body;
    }

    @Post()
    @Access(scopes.write, permissions.write)
    @ApiBody({ type: declaration.body })
    @Documented(docs.create)
    async create(
      @CurrentActor() actor: Actor,
      @BodyOf(declaration.body) body: object,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      guard(actor);
      const written = await this.commands.execute(
        new declaration.change(actor, { create: documentInput(body) }),
      );
      reply.status(201);
      return this.answer(reply, actor, written, 'built');
    }

    @WhenPreviewed(() => [
      Post('preview'),
      HttpCode(200),
      Access(scopes.write, permissions.write),
      ApiBody({ type: declaration.body }),
      ApiOkResponse({ type: preview!.schema }),
      ...preview!.docs.previewNew,
    ])
    async previewNew(@CurrentActor() actor: Actor, @BodyOf(declaration.body) body: object) {
      guard(actor);
      const calculated = await this.modules.get(preview!.by).previewNew(actor, documentInput(body));
      return preview!.view(actor, calculated, true);
    }

    @WhenPreviewed(() => [
      Post(':id/preview'),
      HttpCode(200),
      Access(scopes.write, permissions.write),
      ApiBody({ type: declaration.body }),
      ApiHeader({ name: 'If-Match', required: true, description: 'The revision the changes are based on' }),
      ...preview!.docs.previewChange,
      ApiOkResponse({ type: preview!.schema }),
    ])
    async previewChange(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @BodyOf(declaration.body) body: object,
      @Headers('if-match') ifMatch: string | undefined,
    ) {
      guard(actor);
      const revision = parseIfMatch(ifMatch, declaration.etagPrefix);
      const calculated = await this.modules
        .get(preview!.by)
        .previewChange(actor, id.toLowerCase(), documentInput(body), revision);
      return preview!.view(actor, calculated, false);
    }

    @Patch(':id')
    @Access(scopes.write, permissions.write)
    @ApiBody({ type: declaration.body })
    @Documented(docs.update)
    update(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @BodyOf(declaration.body) body: object,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      return this.send(reply, actor, id, declaration.update(documentInput(body)), ifMatch);
    }

    @Delete(':id')
    @HttpCode(200)
    @Access(scopes.delete, permissions.delete)
    @Documented(docs.remove)
    @ApiDeleted(declaration.object)
    async remove(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      await this.send(reply, actor, id, declaration.remove, ifMatch);
      return { id: id.toLowerCase(), object: declaration.object, deleted: true };
    }

    /** Runs a command on the document and answers its detail: update, delete and the type's actions. */
    async send(reply: FastifyReply, actor: Actor, id: string, command: C, ifMatch?: string) {
      guard(actor);
      const written = await runDocumentCommand(this.commands, declaration, actor, id, command, ifMatch);
      return this.answer(reply, actor, written);
    }

    private async answer(
      reply: FastifyReply,
      actor: Actor,
      written: DocumentWritten<R>,
      lines: LinesRead = 'stored',
    ) {
      setETag(reply, written.revision, declaration.etagPrefix);
      if (written.record === null) return null;
      return this.reads.detail(actor, written.record, written.revision, lines);
    }
  }
  addDocumentActions(DocumentController, declaration.actions ?? []);
  // Its own name per type (`InvoicesController`), for Nest's injector and the OpenAPI operation ids.
  Object.defineProperty(DocumentController, 'name', { value: `${pascalCase(declaration.path)}Controller` });
  return DocumentController;
}

/** Runs `command` on the document `id` against the revision If-Match names; the answer's ETag is the caller's. */
export function runDocumentCommand<R, C extends { type: string }>(
  commands: CommandBus,
  declaration: Pick<DocumentDeclaration<R, C>, 'change' | 'etagPrefix'>,
  actor: Actor,
  id: string,
  command: C,
  ifMatch: string | undefined,
): Promise<DocumentWritten<R>> {
  const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch, declaration.etagPrefix) };
  return commands.execute(new declaration.change(actor, change));
}

function pascalCase(path: string): string {
  return path
    .split(/[^a-zA-Z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
