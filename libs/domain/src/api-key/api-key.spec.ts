import { SCOPES } from '../shared/scopes';
import { ACCOUNT_ID, LATER, NOW, USER_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario } from '../testing/scenario';
import { apiKeyAggregate } from './api-key';
import { CreateApiKey } from './commands';
import { decideApiKey } from './decide';
import { ApiKeyCreated, ApiKeyEvent } from './events';
import { evolveApiKey, initialApiKeyState } from './evolve';
import { isExpired, isWellFormedApiKey, keyDisplayPrefix } from './key-format';
import { apiKeyView } from './view';

const folding = { initialState: initialApiKeyState, evolve: evolveApiKey };
const apiKey = scenario(folding, decideApiKey);

const KEY_ID = '3e2d1c0b-a987-4654-b321-0fedcba98765';
const KEY = 'sk_live_Ab3dE9fGh1jK2lMn4pQr5sTu6vWx7yZ0';
const HASH = 'a'.repeat(64);

const command = (input: object): CreateApiKey => ({
  type: 'CreateApiKey',
  id: KEY_ID,
  account_id: ACCOUNT_ID,
  user_id: USER_ID,
  key_hash: HASH,
  prefix: keyDisplayPrefix(KEY),
  input,
});
const create = (input: object) => apiKey.given().when(command(input), { now: NOW });

const created: ApiKeyCreated = {
  type: 'ApiKeyCreated',
  data: {
    id: KEY_ID,
    account_id: ACCOUNT_ID,
    user_id: USER_ID,
    name: 'CI',
    scopes: ['customers:read'],
    expires_at: null,
    key_hash: HASH,
    prefix: 'sk_live_Ab3dE9',
    created_at: NOW,
  },
};
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { revoked_at: LATER } };

describe('ApiKey', () => {
  it('streams as apiKey-<id>', () => {
    expect(apiKeyAggregate.streamPrefix).toBe('apiKey');
  });

  describe('creating', () => {
    it('records the hash and prefix the handler passed, never the key', () => {
      expect(create({ name: 'CI', scopes: ['customers:read'] })).toEqual([created]);
      expect(JSON.stringify(create({}))).not.toContain(KEY);
    });

    it('carries every scope and never expires by default', () => {
      expect(create({})).toMatchObject([{ data: { name: null, scopes: [...SCOPES], expires_at: null } }]);
    });

    it('refuses an unknown scope, naming its index', () => {
      expect(create({ scopes: ['customers:read', 'customers:fly'] })).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: 'scopes.1',
      });
    });

    it('refuses scopes that are not a non-empty array', () => {
      expect(create({ scopes: 'customers:read' })).toMatchObject({ status: 422, param: 'scopes' });
      expect(create({ scopes: [] })).toMatchObject({ status: 422, param: 'scopes' });
    });

    it('drops duplicated scopes', () => {
      expect(create({ scopes: ['audit:read', 'audit:read'] })).toMatchObject([
        { data: { scopes: ['audit:read'] } },
      ]);
    });

    it('keeps a future expiry, in UTC', () => {
      expect(create({ expires_at: '2030-06-01T12:00:00+02:00' })).toMatchObject([
        { data: { expires_at: '2030-06-01T10:00:00.000Z' } },
      ]);
    });

    it.each([['2030-01-15T10:00:00Z'], ['2029-12-31T23:59:59Z']])(
      'refuses the past expiry %s',
      (expires_at) => {
        expect(create({ expires_at })).toMatchObject({ status: 422, param: 'expires_at' });
      },
    );

    it.each([['tomorrow'], ['2030-02-30T00:00:00Z'], ['2030-06-01'], [1767225600]])(
      'refuses the expiry %p',
      (expires_at) => {
        expect(create({ expires_at })).toMatchObject({ status: 422, param: 'expires_at' });
      },
    );

    it('refuses a name that is not text', () => {
      expect(create({ name: 12 })).toMatchObject({ status: 422, param: 'name' });
    });

    it('treats a malformed hash from the handler as a bug, not a client error', () => {
      expect(() => apiKey.given().when({ ...command({}), key_hash: 'plain' }, { now: NOW })).toThrow(
        TypeError,
      );
    });
  });

  describe('revoking', () => {
    it('records the revocation', () => {
      expect(apiKey.given(created).when({ type: 'RevokeApiKey' }, { now: LATER })).toEqual([revoked]);
    });

    it('answers 404 once revoked, and for an unknown key', () => {
      expect(apiKey.given(created, revoked).when({ type: 'RevokeApiKey' }, { now: LATER })).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      expect(apiKey.given().when({ type: 'RevokeApiKey' }, { now: LATER })).toMatchObject({ status: 404 });
    });
  });

  describe('view', () => {
    it('never shows the hash, and shows the key only when given at creation', () => {
      const record = liveRecordAfter(folding, [created]);
      const listed = {
        id: KEY_ID,
        object: 'api_key',
        user_id: USER_ID,
        name: 'CI',
        scopes: ['customers:read'],
        prefix: 'sk_live_Ab3dE9',
        expires_at: null,
        created_at: NOW,
      };
      expect(apiKeyView(record)).toStrictEqual(listed);
      expect(Object.keys(apiKeyView(record, KEY))).toEqual([
        'id',
        'object',
        'user_id',
        'name',
        'scopes',
        'key',
        'prefix',
        'expires_at',
        'created_at',
      ]);
    });
  });

  describe('key format', () => {
    it('recognises well-formed keys only', () => {
      expect(isWellFormedApiKey(KEY)).toBe(true);
      expect(isWellFormedApiKey('sk_test_Ab3dE9fGh1jK2lMn4pQr')).toBe(false);
      expect(isWellFormedApiKey('sk_live_short')).toBe(false);
      expect(isWellFormedApiKey('sk_live_has space in it here')).toBe(false);
    });

    it('expires at the instant named', () => {
      expect(isExpired(null, NOW)).toBe(false);
      expect(isExpired(NOW, NOW)).toBe(true);
      expect(isExpired(LATER, NOW)).toBe(false);
    });
  });
});
