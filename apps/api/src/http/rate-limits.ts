import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { ApiConfig, ApiError } from '@app/runtime';
import { Metrics } from '../operations/metrics';
import { API_CONFIG } from '../store/tokens';
import type { Actor } from '../auth/actor';

/** Whose budget a request spends, and how large it is. */
interface Budget {
  key: string;
  max: number;
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

const BUDGET = Symbol('rate-limit budget');
type Budgeted = FastifyRequest & { [BUDGET]?: Budget };

/** The policy's name in the RateLimit fields: one policy, per key (or per address). */
const POLICY = '"per-key"';

/**
 * Request budgets per API key, and per client address for requests without a key
 * (EXTENSIONS.md: 429 `rate_limit_error` / `rate_limited` with `Retry-After`). The counting is
 * @fastify/rate-limit's, in this process or, with REDIS_URL, in Redis so that every API instance
 * spends one budget. Every answer carries the draft-ietf-httpapi-ratelimit-headers fields
 * `RateLimit-Policy` and `RateLimit`. A Redis that fails or is away costs no request: the limiter
 * lets it through, logs it and counts it (`rate_limit_store_errors_total`).
 */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimits.name);
  private readonly storeErrors: Counter;
  private check?: Check;
  private redis?: Redis;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    metrics: Metrics,
  ) {
    this.storeErrors = new Counter({
      name: 'rate_limit_store_errors_total',
      help: 'Requests let through unlimited because the rate-limit store failed (Redis away)',
      registers: [metrics.registry],
    });
  }

  /** Registers the counting on the HTTP server; nothing is counted where the limit is 0 everywhere. */
  async install(fastify: FastifyInstance): Promise<void> {
    if (this.config.redisUrl) this.redis = await connectedRedis(this.config.redisUrl, this.logger);
    await fastify.register(fastifyRateLimit, {
      global: false,
      redis: this.redis,
      nameSpace: 'rate-limit:',
      skipOnError: false, // a store failure reaches admit(), which logs and counts it
    });
    this.check = fastify.createRateLimit({
      keyGenerator: (request) => budgetOf(request).key,
      max: (request) => budgetOf(request).max,
      timeWindow: this.config.rateLimitWindowS * 1000,
    });
  }

  /** A key's request: the account's own `rate_limit_requests`, else the server's. */
  admitKey(request: FastifyRequest, reply: FastifyReply, actor: Actor): Promise<void> {
    const max = actor.settings.rate_limit_requests ?? this.config.rateLimitRequests;
    return this.admit(request, reply, { key: `key:${actor.apiKeyId}`, max });
  }

  /** A request without a usable key spends its client address's budget. */
  admitAddress(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.admit(request, reply, { key: `address:${request.ip}`, max: this.config.rateLimitRequests });
  }

  async onModuleDestroy(): Promise<void> {
    this.redis?.disconnect();
  }

  /** Once per request: the first budget it is charged to is the one it spends. */
  private async admit(request: Budgeted, reply: FastifyReply, budget: Budget): Promise<void> {
    if (!this.check || budget.max === 0 || request[BUDGET]) return;
    request[BUDGET] = budget;
    let state: Awaited<ReturnType<Check>>;
    try {
      state = await this.check(request);
    } catch (error) {
      this.storeErrors.inc();
      this.logger.warn(`Rate limit not applied, the store failed: ${(error as Error).message}`);
      return;
    }
    if (state.isAllowed) return;
    const window = this.config.rateLimitWindowS;
    reply.header('RateLimit-Policy', `${POLICY};q=${state.max};w=${window}`);
    reply.header('RateLimit', `${POLICY};r=${state.remaining};t=${state.ttlInSeconds}`);
    if (state.isExceeded) throw rateLimited(state.ttlInSeconds);
  }
}

function budgetOf(request: FastifyRequest): Budget {
  return (request as Budgeted)[BUDGET]!;
}

function rateLimited(retryAfterS: number): ApiError {
  return new ApiError(429, 'rate_limited', `Too many requests: retry in ${retryAfterS} s.`, {
    headers: { 'Retry-After': String(Math.max(1, retryAfterS)) },
  });
}

/**
 * Fails fast while Redis is away (no offline queue, a short command timeout), so that a request
 * never waits on it; ioredis reconnects in the background.
 */
async function connectedRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis'); // loaded only with REDIS_URL: some 10 MB otherwise unused
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) logger.warn(`Redis for rate limits: ${error.message}`);
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  await redis.connect().catch(() => undefined); // counted per request until it comes back
  return redis;
}
