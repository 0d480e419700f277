import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { PinoLogger } from 'nestjs-pino';
import { ApiConfig } from '@app/runtime';
import { API_CONFIG, DATABASE } from '../store/tokens';
import { migrateIdempotencyKeys } from './idempotency-migrations';
import { OwnerSessions } from './owner-sessions';
import { BackgroundRetries } from './retry-in-background';

/** A key of one account, and the request it was sent with. */
export interface KeyedRequest {
  accountId: string;
  key: string;
  requestHash: string;
}

/** The Idempotency-Key as sent and its user: how the request's events name it in their metadata. */
export interface KeyOwner {
  userId: string;
  headerKey: string;
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
  /** Taken over from a request whose process stopped renewing its lease: it may have written. */
  | { outcome: 'orphaned'; since: Date }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in_progress' }
  | { outcome: 'reused' };

interface LiveRow {
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: unknown;
  response_headers: Record<string, string> | null;
  owner: string | null;
  owner_locked: boolean;
  orphaned: boolean;
  created_at: Date;
}

/** The idempotency window (EXTENSIONS.md §4): older records count as absent. */
const WINDOW = sql`interval '24 hours'`;
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1000;
/**
 * A key claimed by a version without leases (during a rolling upgrade) counts as leased for this
 * long after its claim: that request may still be running on an older instance.
 */
const UNLEASED = sql`interval '10 minutes'`;
/** An event recorded this long before its key's claim still counts as the claim's (clock skew). */
const SKEW = sql`interval '5 minutes'`;
/** A claim races only with a release or an expiry between its two statements: a few rounds settle it. */
const CLAIM_ROUNDS = 3;

/**
 * The `idempotency_keys` table: one row per (account, key), claimed before the handler runs and
 * completed with its response, or released when the request fails. Each step is one statement, so
 * it needs no transaction (PGlite has one connection) and two concurrent claims cannot both win:
 * the primary key decides.
 *
 * A claim in progress is leased to the process that took it (`owner`, `lease_expires_at`), which
 * renews the leases of its requests still running every third of IDEMPOTENCY_LEASE_MS. A process
 * that dies (or a request that failed without knowing whether its write landed) stops renewing:
 * once the lease has run out, the next identical request takes the key over (`orphaned`) and the
 * interceptor settles it from the `keyed_writes` read model.
 *
 * The lease is the fallback: a key whose owner is known dead is free at once. On PostgreSQL the
 * owner's session lock proves it alive (OwnerSessions); on PGlite one process owns the database,
 * so at start every key in progress belongs to a process that is gone.
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnModuleDestroy {
  private lastPruneAt = 0;
  private pruning: Promise<void> = Promise.resolve();
  /** Releases and completions that met the database away: retried until it is back. */
  private readonly retries: BackgroundRetries;
  /** This process, as the owner of its leases. */
  readonly instanceId = randomUUID();
  private readonly leaseMs: number;
  /** The keys of this process's requests still running (account and key): their leases are renewed. */
  private readonly running = new Set<string>();
  private heartbeat?: NodeJS.Timeout;
  private renewing: Promise<void> = Promise.resolve();
  private readonly sessions: OwnerSessions;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly logger: PinoLogger,
    @Inject(API_CONFIG) config: Pick<ApiConfig, 'idempotencyLeaseMs'>,
  ) {
    this.leaseMs = config.idempotencyLeaseMs;
    this.sessions = new OwnerSessions(database, this.instanceId, () => this.unlockNow());
    this.retries = new BackgroundRetries((what, error) =>
      logger.warn(
        { err: error },
        `Idempotency key: ${what} failed; it stays in progress until its lease runs out`,
      ),
    );
  }

  async onModuleInit(): Promise<void> {
    await migrateIdempotencyKeys(this.database.db);
    if (this.database.kind === 'pglite') await this.orphanAllInProgress();
    await this.sessions
      .hold()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Idempotency keys: no session lock yet'));
    this.heartbeat = setInterval(() => this.renewNowAndThen(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref?.();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.heartbeat);
    this.retries.stop();
    await this.renewing;
    await this.pruning;
    await this.sessions.release();
  }

  /** Stops renewing the key's lease: once it runs out, a retry settles the key (see class comment). */
  abandon(request: KeyedRequest): void {
    this.running.delete(runningKey(request));
  }

  /**
   * The streams the key's request wrote to since `since` (the claim's creation), as far as the
   * `keyed_writes` read model has come: the caller waits for it to reach the log's head first.
   */
  async writtenStreams(request: KeyedRequest & KeyOwner, since: Date): Promise<string[]> {
    const { rows } = await sql<{ stream_id: string }>`
      select stream_id from keyed_writes
      where account_id = ${request.accountId} and user_id = ${request.userId}
        and idempotency_key = ${request.headerKey} and recorded_at >= ${since}::timestamptz - ${SKEW}
      order by recorded_at, stream_id`.execute(this.database.db);
    return rows.map((r) => r.stream_id);
  }

  /**
   * complete(), and while the database is away, again until it is back: the request was answered,
   * and its key must not stay in progress (a retry would get 409 until the window ends).
   */
  completeEventually(request: KeyedRequest, response: StoredResponse): Promise<void> {
    this.abandon(request);
    return this.retries.run('recording the response', () => this.complete(request, response));
  }

  /**
   * `work` (which completes or releases the key), and while the database is away, again until it
   * is back. The key's lease is no longer renewed meanwhile: should this give up, or the process
   * die, the first retry after the lease settles the key instead.
   */
  settleEventually(request: KeyedRequest, work: () => Promise<void>): Promise<void> {
    this.abandon(request);
    return this.retries.run('settling the key', work);
  }

  /** release(), and while the database is away, again until it is back (see completeEventually). */
  releaseEventually(request: KeyedRequest): Promise<void> {
    this.abandon(request);
    return this.retries.run('giving the key back', () => this.release(request));
  }

  async claim(request: ClaimRequest): Promise<Claim> {
    this.pruneNowAndThen();
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      if (await this.insertOrTakeOverExpired(request)) return this.holding(request, { outcome: 'claimed' });
      const row = await this.live(request);
      if (!row) continue;
      if (
        row.request_hash === request.requestHash &&
        row.state === 'in_progress' &&
        (await this.ownerGone(row))
      ) {
        if (await this.takeOverOrphaned(request, row.owner, !row.orphaned)) {
          return this.holding(request, { outcome: 'orphaned', since: new Date(row.created_at) });
        }
        continue;
      }
      return judge(row, request.requestHash);
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
        and request_hash = ${request.requestHash} and state = 'in_progress'
        and owner = ${this.instanceId}`.execute(this.database.db);
  }

  /** Gives the key back after a failed request, so that a corrected retry runs. */
  async release(request: KeyedRequest): Promise<void> {
    await sql`
      delete from idempotency_keys
      where account_id = ${request.accountId} and key = ${request.key}
        and request_hash = ${request.requestHash} and state = 'in_progress'
        and owner = ${this.instanceId}`.execute(this.database.db);
  }

  /**
   * Renews the leases of this process's running requests, and records whether its session lock is
   * held (`owner_locked`): only a key renewed under a held lock is judged by the lock. Then takes
   * the lock again if its connection ended; a lock that cannot be had does not stop the leases.
   * True when there were running requests.
   */
  async renew(): Promise<boolean> {
    const renewed = await this.renewRunning();
    await this.sessions
      .hold()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Idempotency keys: no session lock yet'));
    return renewed;
  }

  private async renewRunning(): Promise<boolean> {
    const running = this.runningKeys();
    if (!running) return false;
    await sql`
      update idempotency_keys set lease_expires_at = now() + ${this.leaseMs} * interval '1 millisecond',
        owner_locked = ${this.sessions.locked}
      where owner = ${this.instanceId} and state = 'in_progress' and ${running}`.execute(this.database.db);
    return true;
  }

  /**
   * The session lock was lost: this process's running keys are no longer judged by it (a live
   * owner without its lock looks dead), only by their leases, until a renewal under a held lock.
   */
  private unlockNow(): void {
    const running = this.runningKeys();
    if (!running) return;
    void sql`
      update idempotency_keys set owner_locked = ${this.sessions.locked}
      where owner = ${this.instanceId} and state = 'in_progress' and ${running}`
      .execute(this.database.db)
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'Idempotency keys: recording the lost session lock failed'),
      );
  }

  /** `(account_id, key) in (…)` of the running requests' keys; undefined when none runs. */
  private runningKeys() {
    if (this.running.size === 0) return undefined;
    const pairs = [...this.running].map((k) => {
      const at = k.indexOf('\n'); // the account's id holds none
      return sql`(${k.slice(0, at)}::uuid, ${k.slice(at + 1)})`;
    });
    return sql`(account_id, key) in (${sql.join(pairs)})`;
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
      insert into idempotency_keys
        (account_id, key, request_method, request_path, request_hash, state, owner, owner_locked,
          lease_expires_at)
      values (${r.accountId}, ${r.key}, ${r.method}, ${r.path}, ${r.requestHash}, 'in_progress',
        ${this.instanceId}, ${this.sessions.locked}, now() + ${this.leaseMs} * interval '1 millisecond')
      on conflict (account_id, key) do update
      set request_method = excluded.request_method, request_path = excluded.request_path,
          request_hash = excluded.request_hash, state = 'in_progress', response_status = null,
          response_body = null, response_headers = null, created_at = now(), completed_at = null,
          owner = excluded.owner, owner_locked = excluded.owner_locked,
          lease_expires_at = excluded.lease_expires_at
      where idempotency_keys.created_at < now() - ${WINDOW}
      returning 1 as claimed`.execute(this.database.db);
    return rows.length === 1;
  }

  /**
   * The key of a request whose lease ran out, or whose owner is known dead (`ownerDead`), now this
   * process's (unless another got there first).
   */
  private async takeOverOrphaned(
    r: KeyedRequest,
    owner: string | null,
    ownerDead: boolean,
  ): Promise<boolean> {
    const { rows } = await sql`
      update idempotency_keys
      set owner = ${this.instanceId}, owner_locked = ${this.sessions.locked},
        lease_expires_at = now() + ${this.leaseMs} * interval '1 millisecond'
      where account_id = ${r.accountId} and key = ${r.key} and request_hash = ${r.requestHash}
        and state = 'in_progress' and owner is not distinct from ${owner}
        and (${ownerDead} or coalesce(lease_expires_at, created_at + ${UNLEASED}) < now())
      returning 1 as taken`.execute(this.database.db);
    return rows.length === 1;
  }

  /** Whether the key's owner is gone: its lease ran out, or its session lock is no longer held. */
  private async ownerGone(row: LiveRow): Promise<boolean> {
    if (row.orphaned) return true;
    if (!row.owner_locked || row.owner === null || row.owner === this.instanceId) return false;
    return this.sessions.ended(row.owner);
  }

  /**
   * PGlite: the database is this process's alone, so a key found in progress at start belongs to
   * a process that died (or was stopped mid-request): its lease ends now.
   */
  private async orphanAllInProgress(): Promise<void> {
    await sql`
      update idempotency_keys set lease_expires_at = now() - interval '1 millisecond'
      where state = 'in_progress' and owner is distinct from ${this.instanceId}`.execute(this.database.db);
  }

  private holding(request: KeyedRequest, claim: Claim): Claim {
    this.running.add(runningKey(request));
    return claim;
  }

  private renewNowAndThen(): void {
    this.renewing = this.renew().then(
      () => undefined,
      (error: unknown) => this.logger.warn({ err: error }, 'Renewing idempotency-key leases failed'),
    );
  }

  private async live(r: KeyedRequest): Promise<LiveRow | undefined> {
    const { rows } = await sql<LiveRow>`
      select request_hash, state, response_status, response_body, response_headers, owner, owner_locked,
        created_at,
        coalesce(lease_expires_at, created_at + ${UNLEASED}) < now() as orphaned
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

function runningKey(r: KeyedRequest): string {
  return `${r.accountId}\n${r.key}`;
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
