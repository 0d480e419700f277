import { randomUUID } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import { DestinationStream, Level, stdTimeFunctions } from 'pino';
import { actorOf } from '../auth/current-actor';
import { ApiConfig } from '@app/runtime';
import { pathOf } from '@app/runtime';

/** Routes polled by machines: their requests are not logged line by line. */
const QUIET_PATHS = new Set(['/health', '/metrics']);

/**
 * The app's pino logger, through nestjs-pino (Nest's own logs and the injectable PinoLogger).
 * No per-request middleware: its child logger and its AsyncLocalStorage (which turns on promise
 * hooks for the whole process) cost a customer create about an eighth of its CPU. The request's
 * line comes from a Fastify hook instead (see logRequest).
 */
export function requestLogModule(config: ApiConfig, destination?: DestinationStream) {
  const options = { level: config.logLevel, timestamp: stdTimeFunctions.isoTime };
  return LoggerModule.forRoot({
    forRoutes: [],
    pinoHttp: destination ? [options, destination] : options,
  });
}

/**
 * One JSON line per request once its answer is sent: request id, method, URL, status, duration
 * and, once authentication has named them, the account, user and key; an unexpected error (a
 * 500) with its stack. `info` for 2xx/3xx, `warn` for 4xx, `error` for 5xx.
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  // Set when Nest initialises its middleware (nestjs-pino makes its logger there).
  const logger = PinoLogger.root;
  const status = reply.statusCode;
  const error = unexpectedErrors.get(request);
  const level: Level = error || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level) || QUIET_PATHS.has(pathOf(request.url))) return;
  const actor = actorOf(request);
  logger[level](
    {
      request_id: request.id,
      method: request.method,
      url: request.url,
      status,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      account_id: actor?.accountId,
      user_id: actor?.userId,
      api_key_id: actor?.apiKeyId,
      err: error,
    },
    error ? 'request errored' : 'request completed',
  );
}

const unexpectedErrors = new WeakMap<FastifyRequest, unknown>();

/** For the error filter: an error no rule expected, logged with the request's line. */
export function noteUnexpectedError(request: FastifyRequest, error: unknown): void {
  unexpectedErrors.set(request, error);
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A well-formed incoming X-Request-Id is kept (a caller's trace runs on); any other gets a fresh one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}
