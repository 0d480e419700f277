import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasPermission, hasScopes, insufficientScope, permissionDenied } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimits } from '../http/rate-limits';
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
    private readonly rateLimits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule>(ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const actor = actorOf(request) ?? (await this.authenticate(request, http.getResponse<FastifyReply>()));
    const missing = rule.scopes.find((scope) => !hasScopes(actor.scopes, [scope]));
    if (missing) throw insufficientScope(missing);
    if (rule.permission && !hasPermission(actor.permissions, rule.permission)) throw permissionDenied();
    return true;
  }

  /**
   * Once per request: @Access on a controller and on its handler runs this guard twice. The key's
   * request budget is spent here, a refused key's on its client address.
   */
  private async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const actor = await this.authenticator.authenticate(request).catch(async (error: unknown) => {
      await this.rateLimits.admitAddress(request, reply);
      throw error;
    });
    await this.rateLimits.admitKey(request, reply, actor);
    attachActor(request, actor); // also names the caller in the request's log line
    return actor;
  }
}
