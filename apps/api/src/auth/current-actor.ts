import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { Actor } from './actor';

const ACTOR = Symbol('actor');

type WithActor = FastifyRequest & { [ACTOR]?: Actor };

export function attachActor(request: FastifyRequest, actor: Actor): void {
  (request as WithActor)[ACTOR] = actor;
}

export function actorOf(request: FastifyRequest): Actor | undefined {
  return (request as WithActor)[ACTOR];
}

/** The authenticated caller of an @Access endpoint. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const actor = actorOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!actor) throw new Error('@CurrentActor() needs an @Access() rule on the endpoint');
  return actor;
});
