import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { constantTimeEqual } from '@app/runtime';
import { ApiConfig } from '@app/runtime';
import { ApiError, routeMissing } from '@app/runtime';
import { API_CONFIG } from '../store/tokens';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The operator API (EXTENSIONS.md §2): absent (404, as an unknown route) without ADMIN_TOKEN; with it,
 * the token must come as a Bearer credential, compared in constant time.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!this.config.adminToken) throw routeMissing();
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!constantTimeEqual(given, this.config.adminToken)) {
      throw new ApiError(401, 'authentication_required', 'The operator token is missing or wrong.', {
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    return true;
  }
}
