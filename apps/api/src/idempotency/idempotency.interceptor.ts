import {
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  RequestMethod,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EventStore } from '@app/event-store';
import {
  estimateConversionReactor,
  firstVariationReactor,
  isCounterStream,
  salesOrderInvoicingReactor,
} from '@app/processes';
import { isTransientFault, keyedWritesProjector, ProjectionRunner, ReactorRunner } from '@app/read-models';
import { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { Actor } from '../auth/actor';
import { actorOf } from '../auth/current-actor';
import { ApiConfig } from '@app/runtime';
import { toErrorResponse } from '@app/runtime';
import { RecordHistory } from '../history';
import { API_CONFIG, EVENT_STORE } from '../store/tokens';
import {
  idempotencyKeyOf,
  idempotencyKeyRequired,
  idempotencyKeyReused,
  idempotencyRequestInProgress,
  idempotencyRequestLanded,
  KEYED_METHODS,
} from './idempotency-key';
import { IDEMPOTENCY_KEY_REQUIRED } from './idempotency-key-required';
import { ClaimRequest, IdempotencyStore, KeyOwner, StoredResponse } from './idempotency-store';
import { LandedWrite } from './landed-write';
import { ruleFor } from './rebuild-rules';
import { ReplayReads } from './replay-reads';
import { requestHash } from './request-hash';
import { RouteInterceptor } from '../http/route-interceptors';

/** The interceptor on the routes a keyed method can reach (KEYED_METHODS, and @All). */
export function idempotentWrites(interceptor: IdempotencyInterceptor): RouteInterceptor {
  return {
    interceptor,
    actsOn: ({ method }) => method === RequestMethod.ALL || KEYED_METHODS.has(RequestMethod[method]),
  };
}

/**
 * The reactors whose steps a rebuilt answer reads (rebuild-rules.ts): the document a conversion or
 * an invoicing creates, the variation stream of an item's first variation. The others' steps
 * change no answer, and some wait long (a transfer movement's grace period).
 */
const REBUILT_STEPS = new Set([
  estimateConversionReactor.name,
  salesOrderInvoicingReactor.name,
  firstVariationReactor.name,
]);

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
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly reactors: ReactorRunner,
    private readonly history: RecordHistory,
    private readonly reads: ReplayReads,
    @Inject(API_CONFIG) private readonly config: Pick<ApiConfig, 'readYourWritesTimeoutMs'>,
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
    const claim: ClaimRequest & KeyOwner = {
      accountId: actor.accountId,
      userId: actor.userId,
      headerKey: key,
      // Keys are the user's own: another user's identical request with the same key must run as
      // theirs, never replay an answer (a record) outside their visibility.
      key: `${actor.userId}/${key}`,
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
        return this.runAndRecord(claim, request, reply, next);
      case 'orphaned':
        return this.settleOrphaned(claim, found.since, request, reply, next);
    }
  }

  /**
   * The key of a request whose process died, or that failed not knowing whether its write landed
   * (its lease ran out): when the log holds events carrying the key, the write landed and its answer
   * is rebuilt and replayed; when none, the request never wrote, and runs now.
   */
  private async settleOrphaned(
    claim: ClaimRequest & KeyOwner,
    since: Date,
    request: FastifyRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const response = await this.landedAnswer(claim, since, request).catch((error: unknown) => {
      this.store.abandon(claim); // undecided: the next retry tries again once the lease runs out
      throw isTransientFault(error) ? error : idempotencyRequestInProgress();
    });
    if (!response) return this.runAndRecord(claim, request, reply, next);
    await this.store.completeEventually(claim, response);
    return of(replay(reply, response));
  }

  /**
   * The answer of a write that landed, rebuilt from what it wrote (rebuild-rules.ts); undefined
   * when the key's request wrote nothing. The reactors come first: a step the dead process did not
   * run (the document of a conversion) is run by them, with the request's key.
   */
  private async landedAnswer(
    claim: ClaimRequest & KeyOwner,
    since: Date,
    request: FastifyRequest,
  ): Promise<StoredResponse | undefined> {
    const waiting = { timeoutMs: this.config.readYourWritesTimeoutMs };
    const afterSteps = await this.events.headPosition();
    const projectors = this.reactors.projectorNames().filter((name) => REBUILT_STEPS.has(name));
    if (afterSteps) await this.reactors.waitFor(afterSteps, { ...waiting, projectors });
    const head = await this.events.headPosition();
    if (head) await this.runner.waitFor(head, { ...waiting, projectors: [keyedWritesProjector.name] });
    const streams = (await this.store.writtenStreams(claim, since)).filter((s) => !isCounterStream(s));
    if (streams.length === 0) return undefined;
    return this.rebuiltAnswer(claim, since, request, streams);
  }

  /**
   * The landed write's answer as its first attempt gave it: its route's status, with the body and
   * ETag its rule reads back. 409 `idempotency_request_landed` only when that cannot be read (a
   * route without a rule, or a record the user can no longer see).
   */
  private async rebuiltAnswer(
    owner: KeyOwner,
    since: Date,
    request: FastifyRequest,
    streams: string[],
  ): Promise<StoredResponse> {
    const found = ruleFor(request.method, request.url);
    const landed =
      found &&
      new LandedWrite({
        server: request.server,
        actor: actorOf(request) as Actor,
        owner,
        since,
        params: found.params,
        streams,
        events: this.events,
        history: this.history,
        reads: this.reads,
      });
    const rebuilt = found && landed && (await found.rule.rebuild(landed));
    if (found && rebuilt) return { status: found.rule.status, body: rebuilt.body, headers: rebuilt.headers };
    return { status: 409, body: toErrorResponse(idempotencyRequestLanded()).body, headers: {} };
  }

  /**
   * A failed request settles its key (afterFailure); its answer is sent once the first try is over.
   * If the database is away, the key is settled, and a response recorded, in the background as soon
   * as it returns: no key stays in progress because of a fault that passed. A key that cannot be
   * settled for good stays claimed only until its lease runs out; the first retry after that
   * settles it (settleOrphaned), never running a landed write twice.
   */
  private runAndRecord(
    claim: ClaimRequest & KeyOwner,
    request: FastifyRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        from(this.afterFailure(claim, error, request)).pipe(mergeMap(() => throwError(() => error))),
      ),
      mergeMap(async (body: unknown) => {
        const response = { status: reply.statusCode, body, headers: keptHeaders(reply) };
        await this.store.completeEventually(claim, response);
        return body;
      }),
    );
  }

  /**
   * A refusal (4xx) wrote nothing: the key is given back. A failure (5xx: a fault, a crash of a
   * step) may have come after an append committed, e.g. a connection that dropped after COMMIT:
   * the log says whether the write landed; if it did, its answer is stored for the retry to
   * replay, if not the key is given back. While the database is away that is tried again in the
   * background; should it give up (or the process die), the key's lease runs out, and the first
   * retry after it settles the key.
   */
  private async afterFailure(
    claim: ClaimRequest & KeyOwner,
    error: unknown,
    request: FastifyRequest,
  ): Promise<void> {
    if (toErrorResponse(error).status < 500) return this.store.releaseEventually(claim);
    const since = new Date(Date.now() - 60_000);
    return this.store.settleEventually(claim, async () => {
      const landed = await this.landedAnswer(claim, since, request);
      if (landed) await this.store.complete(claim, landed);
      else await this.store.release(claim);
    });
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
