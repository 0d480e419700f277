/*
 * The OpenAPI document the app serves describes every operation fully: an operationId, tags and a
 * summary, a success answer with its schema, the security of its API, and each error answer with
 * the error envelope. Each check lists the operations that fall short, so a new endpoint without
 * its documentation fails here by name. (The answers themselves are checked against the document
 * by every e2e suite: test/support/response-contract.ts.)
 */
import { testDatabases } from '@app/read-models/testing/test-databases';
import { startTestApp, TestApp } from './support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const ERROR_ENVELOPE = '#/components/schemas/ErrorEnvelope';

interface Operation {
  key: string;
  path: string;
  method: string;
  operation: Json;
}

function operationsOf(document: Json): Operation[] {
  return Object.entries(document.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => (item as Json)[method]).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      operation: (item as Json)[method] as Json,
    })),
  );
}

function successSchemas(operation: Json): unknown[] {
  return Object.entries((operation.responses ?? {}) as Json)
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => Object.values(((response as Json).content ?? {}) as Json))
    .map((media) => (media as Json).schema)
    .filter((schema) => schema !== undefined);
}

const [PGLITE] = testDatabases();

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  let operations: Operation[];

  beforeAll(async () => {
    t = await startTestApp(PGLITE);
    document = (await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' })).json();
    operations = operationsOf(document);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('names its servers and both security schemes', () => {
    expect(document.servers?.length).toBeGreaterThan(0);
    expect(document.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      operator: { type: 'http', scheme: 'bearer' },
    });
    expect(operations.length).toBeGreaterThan(100);
  });

  it('gives every operation a unique operationId, tags and a summary', () => {
    const lacking = operations
      .filter(({ operation }) => !operation.operationId || !operation.tags?.length || !operation.summary)
      .map(({ key }) => key);
    expect(lacking).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId as string);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('gives every operation a success answer with its schema', () => {
    const lacking = operations
      .filter((op) => successSchemas(op.operation).length === 0)
      .map(({ key }) => key);
    expect(lacking).toEqual([]);
  });

  it('secures /api/v3 with API keys and /admin/v1 with the operator token; the public ones say so', () => {
    const wrong = operations
      .filter(({ path, operation }) => {
        const schemes = ((operation.security ?? []) as Json[]).flatMap((entry) => Object.keys(entry));
        if (path.startsWith('/admin/v1/')) return schemes.join() !== 'operator';
        if (path === '/health' || path.startsWith('/api/v3/photos/')) return operation.security?.length !== 0;
        return schemes.join() !== 'bearer';
      })
      .map(({ key }) => key);
    expect(wrong).toEqual([]);
  });

  it('answers every error of an authenticated operation with the error envelope, 401 and 503 included', () => {
    const lacking: string[] = [];
    for (const { key, operation } of operations) {
      if (!operation.security?.length) continue;
      const responses = operation.responses as Json;
      for (const status of ['401', '503']) if (!responses[status]) lacking.push(`${key} ${status}`);
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const schema = (response as Json).content?.['application/json']?.schema;
        if (schema?.$ref !== ERROR_ENVELOPE) lacking.push(`${key} ${status}`);
      }
      if (!responses['503']?.headers?.['Retry-After']) lacking.push(`${key} 503 Retry-After`);
      if (operation.requestBody && !['413', '415'].every((status) => responses[status]))
        lacking.push(`${key} 413/415`);
    }
    expect(lacking).toEqual([]);
  });
});
