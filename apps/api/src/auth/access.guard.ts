import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasPermission, hasScopes, insufficientScope, permissionDenied } from '@app/domain';
import { FastifyRequest } from 'fastify';
import { ACCESS, AccessRule } from './access';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { Actor } from './actor';
import { actorOf, attachActor } from './current-actor';

/** Authenticates the Bearer key, then checks the endpoint's rule (see @Access). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule>(ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = actorOf(request) ?? (await this.authenticate(request));
    const missing = rule.scopes.find((scope) => !hasScopes(actor.scopes, [scope]));
    if (missing) throw insufficientScope(missing);
    if (rule.permission && !hasPermission(actor.permissions, rule.permission)) throw permissionDenied();
    return true;
  }

  /** Once per request: @Access on a controller and on its handler runs this guard twice. */
  private async authenticate(request: FastifyRequest): Promise<Actor> {
    const actor = await this.authenticator.authenticate(request);
    attachActor(request, actor); // also names the caller in the request's log line
    return actor;
  }
}
