import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { PinoLogger } from 'nestjs-pino';
import { DATABASE } from '../store/tokens';
import { migrateIdempotencyKeys } from './idempotency-migrations';
import { BackgroundRetries } from './retry-in-background';

/** A key of one account, and the request it was sent with. */
export interface KeyedRequest {
  accountId: string;
  key: string;
  requestHash: string;
}

export interface ClaimRequest extends KeyedRequest {
  method: string;
  path: string;
}

/** What a replay sends again. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in_progress' }
  | { outcome: 'reused' };

interface LiveRow {
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: unknown;
  response_headers: Record<string, string> | null;
}

/** The idempotency window (EXTENSIONS.md §4): older records count as absent. */
const WINDOW = sql`interval '24 hours'`;
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1000;
/** A claim races only with a release or an expiry between its two statements: a few rounds settle it. */
const CLAIM_ROUNDS = 3;

/**
 * The `idempotency_keys` table: one row per (account, key), claimed before the handler runs and
 * completed with its response, or released when the request fails. Each step is one statement, so
 * it needs no transaction (PGlite has one connection) and two concurrent claims cannot both win:
 * the primary key decides.
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnModuleDestroy {
  private lastPruneAt = 0;
  private pruning: Promise<void> = Promise.resolve();
  /** Releases and completions that met the database away: retried until it is back. */
  private readonly retries: BackgroundRetries;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly logger: PinoLogger,
  ) {
    this.retries = new BackgroundRetries((what, error) =>
      logger.warn({ err: error }, `Idempotency key: ${what} failed; it stays in progress until it expires`),
    );
  }

  onModuleInit(): Promise<void> {
    return migrateIdempotencyKeys(this.database.db);
  }

  onModuleDestroy(): Promise<void> {
    this.retries.stop();
    return this.pruning;
  }

  /**
   * complete(), and while the database is away, again until it is back: the request was answered,
   * and its key must not stay in progress (a retry would get 409 until the window ends).
   */
  completeEventually(request: KeyedRequest, response: StoredResponse): Promise<void> {
    return this.retries.run('recording the response', () => this.complete(request, response));
  }

  /** release(), and while the database is away, again until it is back (see completeEventually). */
  releaseEventually(request: KeyedRequest): Promise<void> {
    return this.retries.run('giving the key back', () => this.release(request));
  }

  async claim(request: ClaimRequest): Promise<Claim> {
    this.pruneNowAndThen();
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      if (await this.insertOrTakeOverExpired(request)) return { outcome: 'claimed' };
      const row = await this.live(request);
      if (row) return judge(row, request.requestHash);
    }
    return { outcome: 'in_progress' };
  }

  async complete(request: KeyedRequest, response: StoredResponse): Promise<void> {
    const body = response.body === undefined ? null : JSON.stringify(response.body);
    await sql`
      update idempotency_keys
      set state = 'done', response_status = ${response.status}, response_body = ${body}::json,
          response_headers = ${JSON.stringify(response.headers)}::jsonb, completed_at = now()
      where account_id = ${request.accountId} and key = ${request.key}
        and request_hash = ${request.requestHash} and state = 'in_progress'`.execute(this.database.db);
  }

  /** Gives the key back after a failed request, so that a corrected retry runs. */
  async release(request: KeyedRequest): Promise<void> {
    await sql`
      delete from idempotency_keys
      where account_id = ${request.accountId} and key = ${request.key}
        and request_hash = ${request.requestHash} and state = 'in_progress'`.execute(this.database.db);
  }

  /** Deletes up to one batch of expired records; returns how many. */
  async prune(): Promise<number> {
    const result = await sql`
      delete from idempotency_keys
      where (account_id, key) in (
        select account_id, key from idempotency_keys
        where created_at < now() - ${WINDOW} order by created_at limit ${PRUNE_BATCH})`.execute(
      this.database.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }

  /** A new row, or an expired one taken over: true when this request now holds the key. */
  private async insertOrTakeOverExpired(r: ClaimRequest): Promise<boolean> {
    const { rows } = await sql`
      insert into idempotency_keys (account_id, key, request_method, request_path, request_hash, state)
      values (${r.accountId}, ${r.key}, ${r.method}, ${r.path}, ${r.requestHash}, 'in_progress')
      on conflict (account_id, key) do update
      set request_method = excluded.request_method, request_path = excluded.request_path,
          request_hash = excluded.request_hash, state = 'in_progress', response_status = null,
          response_body = null, response_headers = null, created_at = now(), completed_at = null
      where idempotency_keys.created_at < now() - ${WINDOW}
      returning 1 as claimed`.execute(this.database.db);
    return rows.length === 1;
  }

  private async live(r: KeyedRequest): Promise<LiveRow | undefined> {
    const { rows } = await sql<LiveRow>`
      select request_hash, state, response_status, response_body, response_headers
      from idempotency_keys
      where account_id = ${r.accountId} and key = ${r.key} and created_at >= now() - ${WINDOW}`.execute(
      this.database.db,
    );
    return rows[0];
  }

  /** At most one bounded prune a minute, in the background of a claim. */
  private pruneNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPruneAt < PRUNE_EVERY_MS) return;
    this.lastPruneAt = now;
    this.pruning = this.prune().then(
      () => undefined,
      (error: unknown) => this.logger.warn({ err: error }, 'Pruning expired idempotency keys failed'),
    );
  }
}

function judge(row: LiveRow, requestHash: string): Claim {
  if (row.request_hash !== requestHash) return { outcome: 'reused' };
  if (row.state === 'in_progress') return { outcome: 'in_progress' };
  return {
    outcome: 'replay',
    response: {
      status: row.response_status ?? 200,
      body: row.response_body ?? undefined,
      headers: row.response_headers ?? {},
    },
  };
}
