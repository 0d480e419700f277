import { NestFastifyApplication } from '@nestjs/platform-fastify';

/** The operator token every e2e app is started with (see startTestApp's default config). */
export const ADMIN_TOKEN = 'test-admin-token';

export interface Caller {
  accountId: string;
  userId: string;
  apiKeyId: string;
  key: string;
  /** Headers authenticating as this caller. */
  headers: Record<string, string>;
}

type Json = Record<string, unknown>;

export async function admin(
  app: NestFastifyApplication,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Json,
) {
  return app.inject({ method, url, payload, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
}

async function created(app: NestFastifyApplication, url: string, payload: Json): Promise<Json> {
  const res = await admin(app, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export async function createAccount(app: NestFastifyApplication, payload: Json = {}): Promise<string> {
  return (await created(app, '/admin/v1/accounts', { name: 'Test account', ...payload })).id as string;
}

export interface CallerOptions {
  /** An existing account; a new one by default. */
  accountId?: string;
  permissions?: unknown;
  scopes?: string[];
  location_id?: string | null;
  name?: string;
}

/** A new user with one key, in a new account or the given one: everything a request needs. */
export async function createCaller(
  app: NestFastifyApplication,
  options: CallerOptions = {},
): Promise<Caller> {
  const accountId = options.accountId ?? (await createAccount(app));
  const user = await created(app, `/admin/v1/accounts/${accountId}/users`, {
    name: options.name ?? 'Test user',
    email: `user-${Math.random().toString(36).slice(2)}@example.test`,
    permissions: options.permissions ?? 'all',
    ...(options.location_id !== undefined ? { location_id: options.location_id } : {}),
  });
  const apiKey = await created(app, `/admin/v1/users/${user.id}/api-keys`, {
    name: 'test key',
    ...(options.scopes ? { scopes: options.scopes } : {}),
  });
  const key = apiKey.key as string;
  return {
    accountId,
    userId: user.id as string,
    apiKeyId: apiKey.id as string,
    key,
    headers: { authorization: `Bearer ${key}` },
  };
}
