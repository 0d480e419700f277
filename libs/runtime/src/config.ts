import { join } from 'node:path';
import { DatabaseConfig } from '@app/read-models';

/** The API's settings, read once from the environment (spec/EXTENSIONS.md §1). */
export interface ApiConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Where the embedded PGlite lives when there is no DATABASE_URL. */
  dataDir: string;
  databaseUrl?: string;
  eventStoreConnectionString?: string;
  /** Without it the operator API answers 404. */
  adminToken?: string;
  readYourWritesTimeoutMs: number;
  /**
   * How long an in-progress Idempotency-Key stays its process's without a renewal (renewed every
   * third of it): past it, a retry settles the key of a process that died.
   */
  idempotencyLeaseMs: number;
  /** PostgreSQL: opening a connection or waiting for a pooled one, before a request answers 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: the sessions' statement_timeout (0: none). */
  databaseStatementTimeoutMs: number;
  /** PostgreSQL: the sessions' idle_in_transaction_session_timeout (0: none). */
  databaseIdleInTransactionTimeoutMs: number;
  /**
   * `in-process`: the API runs the projectors (leading those no other process leads);
   * `external`: projector workers run them, and the API reads their checkpoints.
   */
  projectors: ProjectorsMode;
  /** A pino level, or 'silent'. */
  logLevel: string;
  /** The most `/api/v3` requests worked on at once (0: no limit), and how many more may wait. */
  maxConcurrentRequests: number;
  maxWaitingRequests: number;
  /** Writes waiting longer than this for their read models lower the number worked on at once (0: never). */
  readModelLagTargetMs: number;
  /** Requests per API key (or client address, unauthenticated) per window (0: no limit). */
  rateLimitRequests: number;
  rateLimitWindowS: number;
  /** SQL_PORT: the embedded database (PGlite) served read-only over the PostgreSQL protocol on HOST. */
  sqlPort?: number;
  /** Where the rate-limit counters live when several API instances share one budget. */
  redisUrl?: string;
  /** Signs the change feed's cursors; without it, a secret kept in the database. */
  syncCursorSecret?: string;
  /** The mail server customer notifications go through; without it they stay queued. */
  smtpUrl?: string;
  /** The notifications' From address. */
  smtpFrom: string;
  /** WEBHOOKS_ALLOW_INSECURE: endpoints may be plain http or private, loopback, link-local hosts. */
  webhooksAllowInsecure: boolean;
  /**
   * The waits before each retry of a failed webhook delivery (the first attempt is at once); past
   * the last, the delivery is failed. Tests shorten it.
   */
  webhookRetryDelaysMs: readonly number[];
  /** An endpoint whose deliveries have failed for this long is disabled. */
  webhookDisableAfterMs: number;
  /** How often the dispatcher looks for due deliveries when no write woke it. */
  webhookPollMs: number;
  /** ESTIMATE_EXPIRY_SWEEP_MS: how often open estimates past their expiry date are recorded expired (0: never). */
  estimateExpirySweepMs: number;
}

/** Standard Webhooks' schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

export type ProjectorsMode = 'in-process' | 'external';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const logLevel = env.LOG_LEVEL || (env.JEST_WORKER_ID ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const projectors = env.PROJECTORS || 'in-process';
  if (projectors !== 'in-process' && projectors !== 'external') {
    throw new Error(`PROJECTORS must be in-process or external, got ${JSON.stringify(projectors)}`);
  }
  if (projectors === 'external' && !env.DATABASE_URL) {
    // PGlite admits one process: no worker could run beside the API.
    throw new Error('PROJECTORS=external needs DATABASE_URL (a PostgreSQL server the workers share)');
  }
  if (env.SQL_PORT && env.DATABASE_URL) {
    // Analysts connect to that server themselves; the port serves the embedded database only.
    throw new Error('SQL_PORT serves the embedded database: with DATABASE_URL, connect to that server');
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 3000, 0, 65535),
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    readYourWritesTimeoutMs: integer(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 5000, 0, 600_000),
    idempotencyLeaseMs: integer(env, 'IDEMPOTENCY_LEASE_MS', 30_000, 100, 3_600_000),
    databaseConnectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 1, 600_000),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 86_400_000),
    databaseIdleInTransactionTimeoutMs: integer(
      env,
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      60_000,
      0,
      86_400_000,
    ),
    projectors,
    logLevel,
    maxConcurrentRequests: integer(env, 'MAX_CONCURRENT_REQUESTS', 64, 0, 10_000),
    maxWaitingRequests: integer(env, 'MAX_WAITING_REQUESTS', 1000, 0, 1_000_000),
    readModelLagTargetMs: integer(env, 'READ_MODEL_LAG_TARGET_MS', 10, 0, 600_000),
    rateLimitRequests: integer(env, 'RATE_LIMIT_REQUESTS', 600, 0, 1_000_000),
    rateLimitWindowS: integer(env, 'RATE_LIMIT_WINDOW_S', 60, 1, 86_400),
    sqlPort: env.SQL_PORT ? integer(env, 'SQL_PORT', 0, 0, 65535) : undefined,
    redisUrl: env.REDIS_URL || undefined,
    syncCursorSecret: env.SYNC_CURSOR_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'Business engine <no-reply@localhost>',
    webhooksAllowInsecure: env.WEBHOOKS_ALLOW_INSECURE === 'true',
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    webhookDisableAfterMs: 5 * 24 * 3_600_000,
    webhookPollMs: integer(env, 'WEBHOOK_POLL_MS', 1000, 10, 600_000),
    estimateExpirySweepMs: integer(env, 'ESTIMATE_EXPIRY_SWEEP_MS', 3_600_000, 0, 86_400_000),
  };
}

/**
 * PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/pglite: a folder of its own, so that
 * DATA_DIR can hold other files (photos) beside it. The CLI must open the same place.
 */
export function databaseConfig(
  config: Pick<ApiConfig, 'databaseUrl' | 'dataDir'> &
    Partial<
      Pick<
        ApiConfig,
        'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs' | 'databaseIdleInTransactionTimeoutMs'
      >
    >,
): DatabaseConfig {
  if (!config.databaseUrl) return { dataDir: join(config.dataDir, 'pglite') };
  return {
    url: config.databaseUrl,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    idleInTransactionTimeoutMs: config.databaseIdleInTransactionTimeoutMs,
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}
