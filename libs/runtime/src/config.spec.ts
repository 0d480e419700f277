import { configFromEnv, databaseConfig } from './config';

describe('configFromEnv', () => {
  it('gives the defaults of spec/EXTENSIONS.md §1 for an empty environment', () => {
    expect(configFromEnv({})).toEqual({
      host: '127.0.0.1',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      eventStoreConnectionString: undefined,
      adminToken: undefined,
      readYourWritesTimeoutMs: 5000,
      idempotencyLeaseMs: 30000,
      databaseConnectTimeoutMs: 5000,
      databaseStatementTimeoutMs: 30000,
      databaseIdleInTransactionTimeoutMs: 60000,
      projectors: 'in-process',
      logLevel: 'info',
      maxConcurrentRequests: 64,
      maxWaitingRequests: 1000,
      readModelLagTargetMs: 10,
      rateLimitRequests: 600,
      rateLimitWindowS: 60,
      redisUrl: undefined,
      syncCursorSecret: undefined,
      smtpUrl: undefined,
      smtpFrom: 'Business engine <no-reply@localhost>',
      webhooksAllowInsecure: false,
      // Standard Webhooks' schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
      webhookRetryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      webhookDisableAfterMs: 5 * 24 * 3_600_000,
      webhookPollMs: 1000,
      estimateExpirySweepMs: 3_600_000,
    });
  });

  it('is silent under jest unless LOG_LEVEL says otherwise', () => {
    expect(configFromEnv({ JEST_WORKER_ID: '1' }).logLevel).toBe('silent');
    expect(configFromEnv({ JEST_WORKER_ID: '1', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['READ_YOUR_WRITES_TIMEOUT_MS', '-1'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'soon'],
    ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['PROJECTORS', 'elsewhere'],
    ['MAX_CONCURRENT_REQUESTS', '-1'],
    ['MAX_WAITING_REQUESTS', 'many'],
    ['RATE_LIMIT_REQUESTS', '-1'],
    ['RATE_LIMIT_WINDOW_S', '0'],
    ['READ_MODEL_LAG_TARGET_MS', '1.5'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(name);
  });

  it('leaves the projectors to workers only on a PostgreSQL server (PGlite admits one process)', () => {
    const url = 'postgres://db/engine';
    expect(configFromEnv({ PROJECTORS: 'external', DATABASE_URL: url }).projectors).toBe('external');
    expect(configFromEnv({ PROJECTORS: 'in-process' }).projectors).toBe('in-process');
    expect(() => configFromEnv({ PROJECTORS: 'external' })).toThrow(/PROJECTORS=external needs DATABASE_URL/);
  });

  it('puts PGlite in DATA_DIR/pglite, or uses DATABASE_URL', () => {
    expect(databaseConfig({ dataDir: '/var/lib/engine' })).toEqual({ dataDir: '/var/lib/engine/pglite' });
    expect(databaseConfig({ dataDir: './data', databaseUrl: 'postgres://db/engine' })).toEqual({
      url: 'postgres://db/engine',
    });
  });
});
