import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  Type,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '../openapi/decorators';
import { isRecordId, Scope } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { resourceMissing } from '@app/runtime';
import { BodyOf } from '../http/body-of';
import { setETag } from '../http/etag';
import { pathOf } from '@app/runtime';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiListOf } from '../openapi/response-schemas';
import { documentInput } from './document-body';
import { DocumentDeclaration, DocumentReads, runDocumentCommand } from './document-controller';
import { ApiPageQuery, Documented, RouteDocs } from './route-docs';

type Packed = { id: string };

/** A document's reads that page its packing lists. */
interface FulfillmentReads {
  fulfillments(actor: Actor, id: string, query: Record<string, unknown>, url: string): unknown;
}

/**
 * The packing lists of one document type (invoices, sales orders; documents-api §4). A pack is
 * decided on the document's stream against what is left to pack, so concurrent packs cannot
 * overpack; its number comes from the account's packing-list counter once accepted.
 */
export interface FulfillmentDeclaration<R extends { fulfillments: Packed[] }, C extends { type: string }> {
  /** The document's declaration: its path, reads (with the packing lists), read and write access. */
  document: DocumentDeclaration<R, C, DocumentReads<R> & FulfillmentReads>;
  /** Its class's name without `Controller`, for the OpenAPI operation ids: `InvoiceFulfillments`. */
  name: string;
  scopes: { pack: Scope; ship: Scope };
  pack: (fulfillmentId: string, input: Record<string, unknown>) => C;
  ship: (fulfillmentId: string, input: Record<string, unknown>) => C;
  bodies: { pack: Type<object>; ship: Type<object> };
  schema: Type<unknown>;
  view: (record: R, fulfillment: R['fulfillments'][number]) => unknown;
  docs: { list: RouteDocs; pack: RouteDocs; ship: RouteDocs };
}

/** The controller of a document type's packing lists: list, pack and ship. */
export function fulfillmentController<R extends { fulfillments: Packed[] }, C extends { type: string }>(
  declaration: FulfillmentDeclaration<R, C>,
): Type<unknown> {
  const { document, scopes, bodies, docs } = declaration;
  const { read, write } = document.permissions;

  @ApiTags(document.path)
  @Controller(`api/v3/${document.path}/:id/fulfillments`)
  class FulfillmentController {
    constructor(
      @Inject(CommandBus) private readonly commands: CommandBus,
      @Inject(document.reads) private readonly reads: FulfillmentReads,
    ) {}

    @Get()
    @Access(document.scopes.read, read)
    @ApiPageQuery()
    @Documented(docs.list)
    @ApiListOf(declaration.schema)
    @ApiErrors(404, 410)
    list(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Req() request: FastifyRequest,
    ) {
      return this.reads.fulfillments(actor, id, query, pathOf(request.url));
    }

    @Post()
    @Access(scopes.pack, write)
    @ApiBody({ type: bodies.pack })
    @ApiCreatedResponse({ type: declaration.schema, description: 'The packing list, status packed' })
    @Documented(docs.pack)
    @ApiErrors(404, 409, 410)
    pack(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @BodyOf(bodies.pack) body: object,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      const fulfillmentId = randomUUID();
      reply.status(201);
      const command = declaration.pack(fulfillmentId, documentInput(body));
      return this.send(reply, actor, id, command, fulfillmentId, ifMatch);
    }

    @Post(':fulfillment_id/ship')
    @HttpCode(200)
    @Access(scopes.ship, write)
    @ApiBody({ type: bodies.ship, required: false })
    @ApiOkResponse({ type: declaration.schema, description: 'The packing list, status shipped' })
    @Documented(docs.ship)
    @ApiErrors(404, 409, 410)
    ship(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Param('fulfillment_id') fulfillmentId: string,
      @BodyOf(bodies.ship) body: object,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      if (!isRecordId(fulfillmentId)) throw resourceMissing();
      const target = fulfillmentId.toLowerCase();
      const command = declaration.ship(target, documentInput(body ?? {}));
      return this.send(reply, actor, id, command, target, ifMatch);
    }

    /** Runs the command and answers the packing list it made or shipped. */
    private async send(
      reply: FastifyReply,
      actor: Actor,
      id: string,
      command: C,
      fulfillmentId: string,
      ifMatch?: string,
    ) {
      const written = await runDocumentCommand(this.commands, document, actor, id, command, ifMatch);
      setETag(reply, written.revision, document.etagPrefix);
      const record = written.record!;
      return declaration.view(
        record,
        record.fulfillments.find((f) => f.id === fulfillmentId)!,
      );
    }
  }
  // Its own name per type, for Nest's injector and the OpenAPI operation ids.
  Object.defineProperty(FulfillmentController, 'name', { value: `${declaration.name}Controller` });
  return FulfillmentController;
}
