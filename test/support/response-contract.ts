/*
 * The response contract: every JSON answer the app sends in an end-to-end test is checked against
 * the OpenAPI document the app serves (the schema of its operation and status), so the document
 * cannot drift from the code. A difference is collected and fails the test file when its app closes.
 */
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * How strict the check is. `schemas`: an answer whose operation and status the document gives a
 * schema for must match it exactly (no undocumented field). `statuses` adds: a status the
 * operation does not document is a difference too.
 */
export type ContractStrictness = 'schemas' | 'statuses';
export const CONTRACT_STRICTNESS: ContractStrictness = 'statuses';

export interface ResponseContract {
  /** Wires the check into the app's replies (before the app is ready). */
  watch(fastify: FastifyInstance): void;
  /** Loads the document the app serves; answers before this are not checked. */
  load(document: Json): void;
  /** Every difference seen so far, one line each. */
  differences(): string[];
}

export function responseContract(strictness: ContractStrictness = CONTRACT_STRICTNESS): ResponseContract {
  let checker:
    ((request: FastifyRequest, reply: FastifyReply, body: string) => string | undefined) | undefined;
  const seen = new Set<string>();
  return {
    watch(fastify) {
      fastify.addHook('onSend', async (request, reply, payload) => {
        if (checker && typeof payload === 'string') {
          const difference = checker(request, reply, payload);
          if (difference) seen.add(difference);
        }
        return payload;
      });
    },
    load(document) {
      checker = checkerFor(document, strictness);
    },
    differences: () => [...seen],
  };
}

function checkerFor(document: Json, strictness: ContractStrictness) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: exactSchemas(document.components ?? {}) });
  const compiled = new Map<string, ValidateFunction | null>();
  return (request: FastifyRequest, reply: FastifyReply, body: string): string | undefined => {
    const route = request.routeOptions?.url;
    if (!route || !String(reply.getHeader('content-type') ?? '').includes('application/json')) return;
    const path = route.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths?.[path]?.[request.method.toLowerCase()] as Json | undefined;
    if (!operation) return; // not an operation of the document (health, metrics, the document itself)
    const status = String(reply.statusCode);
    const where = `${request.method} ${path} ${status}`;
    const response = (operation.responses?.[status] ?? operation.responses?.default) as Json | undefined;
    // A 500 is no part of the contract (none is documented): the crash suites cause one on purpose,
    // and anywhere else a test's own status assertion fails on it.
    if (!response && status === '500') return undefined;
    if (!response) return strictness === 'statuses' ? `${where}: status not documented` : undefined;
    const validate = validatorFor(ajv, compiled, where, response);
    if (!validate || validate(JSON.parse(body))) return;
    const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
    return `${where}: ${errors.join('; ')}`;
  };
}

function validatorFor(
  ajv: Ajv,
  compiled: Map<string, ValidateFunction | null>,
  where: string,
  response: Json,
) {
  if (!compiled.has(where)) {
    const schema = response.content?.['application/json']?.schema as Json | undefined;
    compiled.set(where, schema ? ajv.compile(exactSchemas(schema)) : null);
  }
  return compiled.get(where);
}

/**
 * The document's schemas as JSON Schema that allows nothing undocumented: OpenAPI 3.0's
 * `nullable` beside a `$ref`/`allOf`/`oneOf` (with or without a `type`) becomes
 * `anyOf […, null]`, refs point into the `openapi` schema, and an object with `properties`
 * refuses other fields unless it says otherwise.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function exactSchemas(node: unknown): any {
  if (Array.isArray(node)) return node.map(exactSchemas);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace(/^#\//, 'openapi#/');
    else if (key === 'example' || key === 'examples') continue;
    else if (NAMED_SCHEMAS.has(key) && value && typeof value === 'object') out[key] = eachSchema(value);
    else out[key] = exactSchemas(value);
  }
  if (out.properties && typeof out.properties === 'object' && out.additionalProperties === undefined) {
    const declaresProperties = !('type' in out) || out.type === 'object';
    if (declaresProperties) out.additionalProperties = false;
  }
  const composed = out.$ref !== undefined || out.allOf !== undefined || out.oneOf !== undefined;
  if (out.nullable === true && (out.type === undefined || composed)) {
    // `{type: 'object', nullable: true, allOf: [{$ref}]}` too: the type beside a reference only
    // says what the reference is, and null must pass the reference's branch as well.
    if (composed) delete out.type;
    const { nullable, ...rest } = out; // eslint-disable-line @typescript-eslint/no-unused-vars
    return { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

/** Keys whose value maps names (field names, schema names) to schemas, not a schema itself. */
const NAMED_SCHEMAS = new Set(['properties', 'schemas', 'patternProperties', 'definitions']);

function eachSchema(map: object): Json {
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, exactSchemas(schema)]));
}
