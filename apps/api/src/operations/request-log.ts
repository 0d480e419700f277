import { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import { stdTimeFunctions } from 'pino';
import { ApiConfig } from '../config';
import { pathOf } from '../http/pagination';

type RawRequest = IncomingMessage & { id?: string; originalUrl?: string };

/** Routes polled by machines: their requests are not logged line by line. */
const QUIET_PATHS = new Set(['/health', '/metrics']);

/**
 * One JSON line per request (request id, method, route, status, duration, and the account and key
 * once authentication has named them) through nestjs-pino, which also gives every log written
 * during a request its request id.
 */
export function requestLogModule(config: ApiConfig) {
  return LoggerModule.forRoot({
    assignResponse: true,
    pinoHttp: {
      level: config.logLevel,
      timestamp: stdTimeFunctions.isoTime,
      // Fastify has already chosen the id (see requestIdFrom); middie copies it onto the raw request.
      genReqId: (req) => (req as RawRequest).id ?? randomUUID(),
      // originalUrl: the middleware mount has already cut req.url down to '/'.
      autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf(fullUrl(req))) },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: RawRequest) => ({ id: req.id, method: req.method, url: fullUrl(req) }),
        res: (res: ServerResponse) => ({ status: res.statusCode }),
      },
    },
  });
}

export interface RequestActor {
  accountId: string;
  userId?: string;
  apiKeyId?: string;
}

/** For the authentication layer: names who is calling in every later log of the request, its request line included. */
export function logRequestActor(logger: PinoLogger, actor: RequestActor): void {
  logger.assign({ account_id: actor.accountId, user_id: actor.userId, api_key_id: actor.apiKeyId });
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A well-formed incoming X-Request-Id is kept (a caller's trace runs on); any other gets a fresh one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

function fullUrl(req: IncomingMessage): string {
  return (req as RawRequest).originalUrl ?? req.url ?? '';
}
