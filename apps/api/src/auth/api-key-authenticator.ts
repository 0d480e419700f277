import { Inject, Injectable } from '@nestjs/common';
import {
  AccountSettings,
  authenticationRequired,
  DEFAULT_ACCOUNT_SETTINGS,
  isExpired,
  isWellFormedApiKey,
  PermissionGrants,
} from '@app/domain';
import { Database, operatorRecordsProjector, ProjectionRunner } from '@app/read-models';
import { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { Actor } from './actor';
import { constantTimeEqual, hashApiKey } from '@app/runtime';
import { VersionedRowCache } from './key-row-cache';

const BEARER = /^Bearer +(\S+) *$/i;
const CORRELATION_ID = /^[\w.:-]{1,128}$/;

interface KeyRow {
  id: string;
  key_hash: string;
  key_account_id: string;
  user_id: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  account_id: string;
  permissions: PermissionGrants;
  location_id: string | null;
  active: boolean;
  deleted: boolean;
  record_limit: unknown;
  timezone: string;
  settings: Partial<AccountSettings>;
}

/**
 * Bearer keys (documents-api §5): the key is found by its hash and judged with its user's current
 * state, read from the operator read model that every operator write waits for. Any failure is the
 * same 401, so a caller learns nothing about which check failed.
 *
 * The rows found are cached while this process alone projects that read model and has applied
 * nothing to it since (see VersionedRowCache): a revocation, deactivation or permission change
 * empties the cache before its write answers, so it holds from the next request. Where another
 * process projects it (PROJECTORS=external, or another instance leads), every request reads it.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly cache = new VersionedRowCache<KeyRow>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly runner: ProjectionRunner,
  ) {}

  async authenticate(request: FastifyRequest): Promise<Actor> {
    const key = bearerToken(request.headers.authorization);
    if (!key || !isWellFormedApiKey(key)) throw unauthenticated();
    const hash = hashApiKey(key);
    const row = await this.findKey(hash);
    if (!row || !constantTimeEqual(row.key_hash, hash) || !usable(row, new Date().toISOString()))
      throw unauthenticated();
    return {
      accountId: row.account_id,
      userId: row.user_id,
      apiKeyId: row.id,
      scopes: row.scopes,
      permissions: row.permissions,
      locationId: row.location_id,
      recordLimit: typeof row.record_limit === 'number' ? row.record_limit : null,
      timezone: row.timezone,
      settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...row.settings },
      requestId: String(request.id),
      idempotencyKey: idempotencyKeyOf(request),
      correlationId: correlationId(request),
    };
  }

  private async findKey(hash: string): Promise<KeyRow | undefined> {
    const readAt = this.operatorTablesVersion();
    const cached = this.cache.get(hash, readAt);
    if (cached) return cached;
    const row = await this.readKey(hash);
    if (row) this.cache.set(hash, row, readAt, this.operatorTablesVersion());
    return row;
  }

  private operatorTablesVersion(): number | undefined {
    return this.runner.tablesVersion(operatorRecordsProjector.name);
  }

  private async readKey(hash: string): Promise<KeyRow | undefined> {
    return (await this.database.db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.user_id')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select([
        'k.id',
        'k.key_hash',
        'k.account_id as key_account_id',
        'k.user_id',
        'k.scopes',
        'k.expires_at',
        'k.revoked_at',
        'u.account_id',
        'u.permissions',
        'u.location_id',
        'u.active',
        'u.deleted',
        sql<unknown>`a.settings -> 'record_limit'`.as('record_limit'),
        'a.timezone',
        'a.settings',
      ])
      .where('k.key_hash', '=', hash)
      .executeTakeFirst()) as KeyRow | undefined;
  }
}

/** Revoked, expired, an inactive or deleted user, or a user now in another account: refused. */
function usable(row: KeyRow, now: string): boolean {
  const expiresAt = row.expires_at ? new Date(row.expires_at).toISOString() : null;
  return (
    row.revoked_at === null &&
    !isExpired(expiresAt, now) &&
    row.active &&
    !row.deleted &&
    row.key_account_id === row.account_id
  );
}

function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

function unauthenticated(): ApiError {
  const { status, code, message } = authenticationRequired(
    'A valid API key is required: send Authorization: Bearer <key>.',
  );
  return new ApiError(status, code, message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/** Recorded in event metadata only where the API honours it (writes other than DELETE). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  if (!['POST', 'PATCH', 'PUT'].includes(request.method)) return null;
  return single(request.headers['idempotency-key']) ?? null;
}

function correlationId(request: FastifyRequest): string {
  const given = single(request.headers['x-correlation-id']);
  return given && CORRELATION_ID.test(given) ? given : String(request.id);
}
