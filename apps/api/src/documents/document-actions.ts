import { Body, Headers, HttpCode, Param, Patch, Post, Res, Type } from '@nestjs/common';
import { ApiBody } from '../openapi/decorators';
import { Permission, Scope } from '@app/domain';
import { FastifyReply } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from './document-body';
import { RouteDocs } from './route-docs';

/**
 * One endpoint a document type has beyond the common ones (an invoice's dispatch, a purchase
 * order's receive …): a command on the document made from its body, answered with the detail.
 */
export interface DocumentAction<C> {
  /** The handler's name, the tail of its OpenAPI operation id: `changeDispatchDate`. */
  name: string;
  /** Its route under `:id/`; a POST answers 200, a PATCH changes what an action set. */
  route: { post: string } | { patch: string };
  access: readonly [Scope, Permission];
  body: Type<object>;
  /** A body that may be left out (documented as not required). */
  optionalBody?: boolean;
  /** Checked before anything else (declining an estimate also needs the list permission). */
  guard?: (actor: Actor) => void;
  command: (input: Record<string, unknown>) => C;
  docs: RouteDocs;
}

/** Sends a type's command on a document and answers the detail (the document controller's). */
type Send<C> = (
  reply: FastifyReply,
  actor: Actor,
  id: string,
  command: C,
  ifMatch?: string,
) => Promise<unknown>;

/**
 * Adds each action to the controller as a handler decorated as if written in it: its route,
 * access and body, then the type's documentation. The design metadata is what TypeScript would
 * emit for `(actor: Actor, id: string, body: Body, ifMatch: string | undefined, reply)`, which
 * the validation pipe and the OpenAPI document read.
 */
export function addDocumentActions<C>(
  controller: Type<unknown>,
  actions: readonly DocumentAction<C>[],
): void {
  for (const action of actions) {
    const handler = function (
      this: { send: Send<C> },
      actor: Actor,
      id: string,
      body: object | undefined,
      ifMatch: string | undefined,
      reply: FastifyReply,
    ) {
      action.guard?.(actor);
      return this.send(reply, actor, id, action.command(documentInput(body ?? {})), ifMatch);
    };
    Object.defineProperty(handler, 'name', { value: action.name });
    const descriptor = { value: handler, writable: true, configurable: true, enumerable: false };
    const decorated = Reflect.decorate(
      [...routeOf(action), ...(action.docs as MethodDecorator[]), ...PARAMETERS, ...designOf(action.body)],
      controller.prototype,
      action.name,
      descriptor,
    ) as PropertyDescriptor;
    Object.defineProperty(controller.prototype, action.name, decorated ?? descriptor);
  }
}

function routeOf(action: DocumentAction<unknown>): MethodDecorator[] {
  const body = ApiBody(action.optionalBody ? { type: action.body, required: false } : { type: action.body });
  const [scope, permission] = action.access;
  if ('post' in action.route)
    return [Post(action.route.post), HttpCode(200), Access(scope, permission), body];
  return [Patch(action.route.patch), Access(scope, permission), body];
}

/** `(@CurrentActor() actor, @Param('id') id, @Body() body, @Headers('if-match') ifMatch, @Res reply)`. */
const PARAMETERS = [CurrentActor(), Param('id'), Body(), Headers('if-match'), Res({ passthrough: true })].map(
  atIndex,
);

function atIndex(decorate: ParameterDecorator, index: number): MethodDecorator {
  return (target, key) => decorate(target, key, index);
}

function designOf(body: Type<object>): MethodDecorator[] {
  return [
    Reflect.metadata('design:type', Function),
    Reflect.metadata('design:paramtypes', [Object, String, body, Object, Object]),
  ];
}
