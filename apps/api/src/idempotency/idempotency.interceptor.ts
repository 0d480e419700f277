import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isTransientFault } from '@app/read-models';
import { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { actorOf } from '../auth/current-actor';
import {
  idempotencyKeyOf,
  idempotencyKeyRequired,
  idempotencyKeyReused,
  idempotencyRequestInProgress,
  KEYED_METHODS,
} from './idempotency-key';
import { IDEMPOTENCY_KEY_REQUIRED } from './idempotency-key-required';
import { ClaimRequest, IdempotencyStore, StoredResponse } from './idempotency-store';
import { requestHash } from './request-hash';

/** The response headers a replay sends again, beside the status and the body. */
const REPLAYED_HEADERS = ['ETag', 'Location'];

/**
 * Idempotency-Key on the public API's writes (documents-api §1 item 6, EXTENSIONS.md §4): for an
 * authenticated POST, PATCH or PUT with the header, the first request claims the key and its answer
 * is stored; an identical retry gets that answer again with `Idempotent-Replayed: true`, without
 * running the handler. Runs after the guards, so the actor (the key's account) is known.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = actorOf(request);
    if (!actor || !KEYED_METHODS.has(request.method)) return next.handle();
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    if (key === undefined) {
      if (this.keyRequired(context)) throw idempotencyKeyRequired();
      return next.handle();
    }
    const claim: ClaimRequest = {
      accountId: actor.accountId,
      key,
      requestHash: requestHash({ method: request.method, url: request.url, body: request.body }),
      method: request.method,
      path: request.url,
    };
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const found = await this.store.claim(claim).catch((error: unknown) => {
      // A claim whose connection dropped may have been stored all the same: given back once the
      // database returns, or the key would stay in progress for a request that never ran.
      if (isTransientFault(error)) void this.store.releaseEventually(claim);
      throw error;
    });
    switch (found.outcome) {
      case 'replay':
        return of(replay(reply, found.response));
      case 'in_progress':
        throw idempotencyRequestInProgress();
      case 'reused':
        throw idempotencyKeyReused();
      case 'claimed':
        return this.runAndRecord(claim, reply, next);
    }
  }

  /**
   * A failed request gives the key back; its answer is sent once the first try is over. If the
   * database is away (often why the request failed), the key is given back, and a response
   * recorded, in the background as soon as it returns: no key stays in progress because of a fault
   * that passed. Only a response that cannot be stored for good keeps the key claimed (a retry then
   * gets 409 in progress until the window ends) rather than risk running twice.
   */
  private runAndRecord(claim: ClaimRequest, reply: FastifyReply, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        from(this.store.releaseEventually(claim)).pipe(mergeMap(() => throwError(() => error))),
      ),
      mergeMap(async (body: unknown) => {
        const response = { status: reply.statusCode, body, headers: keptHeaders(reply) };
        await this.store.completeEventually(claim, response);
        return body;
      }),
    );
  }

  private keyRequired(context: ExecutionContext): boolean {
    return !!this.reflector.getAllAndOverride<boolean>(IDEMPOTENCY_KEY_REQUIRED, [
      context.getHandler(),
      context.getClass(),
    ]);
  }
}

function replay(reply: FastifyReply, response: StoredResponse): unknown {
  reply.status(response.status).headers({ ...response.headers, 'Idempotent-Replayed': 'true' });
  return response.body;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}
