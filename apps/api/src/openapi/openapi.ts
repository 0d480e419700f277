import { INestApplication } from '@nestjs/common';
// eslint-disable-next-line no-restricted-imports -- the document itself, made after ./decorators.ts has run them
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { STORE_RETRY_AFTER_SECONDS } from '@app/runtime';
import { applyOpenApiDecorators } from './decorators';
import { ErrorEnvelopeSchema } from './error-envelope.schema';
import { PaginationSchema } from './response-schemas';

export const OPENAPI_JSON_PATH = 'api/v3/openapi.json';
export const OPENAPI_UI_PATH = 'api/v3/docs';

/** The security schemes: API keys on /api/v3, the operator token on /admin/v1. */
export const BEARER_SCHEME = 'bearer';
export const OPERATOR_SCHEME = 'operator';

/**
 * The OpenAPI 3 document, generated from the controllers and DTOs, and a browsable page over it.
 * Generated on the first request for either (then kept), not at start: it takes a third of a
 * second of CPU that most starts never need.
 */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => openApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Business engine API',
  });
}

/** The document itself: what the decorators say, completed with what every operation shares. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  applyOpenApiDecorators(); // what they say, recorded as the classes loaded (./decorators.ts)
  const config = new DocumentBuilder()
    .setTitle('Business engine API')
    .setDescription(
      'Sales and purchasing documents, inventory, customers and suppliers. Errors answer ' +
        '`{error: {type, code, message, param?}}` (schema ErrorEnvelope).',
    )
    .setVersion('3')
    .setLicense('UNLICENSED', 'https://en.wikipedia.org/wiki/Proprietary_software')
    // Relative: the document is served by the API it describes, wherever that runs.
    .addServer('/', 'The server that serves this document')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'An API key: sk_live_…' },
      BEARER_SCHEME,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'The operator token, ADMIN_TOKEN (without it the operator API answers 404)',
      },
      OPERATOR_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorEnvelopeSchema, PaginationSchema],
    operationIdFactory: operationId,
  });
  return defineTags(completeOperations(document));
}

/** What each tag groups, for the browsable page; a tag missing here is listed without one. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  operations: 'Health of the service',
  operator: 'The operator API (ADMIN_TOKEN): accounts, users, API keys, read models',
  customers: 'Customers and prospects',
  suppliers: 'Suppliers',
  contacts: 'People linked to customers, prospects and suppliers',
  locations: 'Inventory locations and their zones',
  'item-categories': 'Item categories and their custom fields',
  items: 'Inventory items, their stock, adjustments and photos',
  'item-variations': 'Variations of an item and their rows per location',
  'variation-attributes': 'The account’s variation attributes (Color, Size …) and values',
  estimates: 'Estimates, their previews and conversions',
  invoices: 'Invoices, payments, refunds and fulfillments',
  'sales-orders': 'Sales orders, their fulfillments and invoicing',
  'purchase-orders': 'Purchase orders and their payments',
  'stock-transfers': 'Stock transfers between locations',
  changes: 'Incremental sync: every change of the records a key may read, in log order',
  webhooks:
    'Webhook endpoints: the same changes pushed, signed with Standard Webhooks, retried, in order per record',
  events: 'The account’s log for auditors: every event of the records a key may read, in log order',
};

/** The document's `tags`: each one an operation uses, once, in the order first used. */
function defineTags(document: OpenAPIObject): OpenAPIObject {
  const names = new Set<string>();
  for (const item of Object.values(document.paths as Json)) {
    for (const method of METHODS)
      for (const tag of ((item as Json)[method]?.tags ?? []) as string[]) names.add(tag);
  }
  document.tags = [...names].map((name) =>
    TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
  );
  return document;
}

/**
 * `CustomersController.list` → `customers_list`, `ItemVariationsController.retrieve` →
 * `itemVariations_retrieve`; the history controllers (`CustomersHistoryController.events`) answer
 * for their resource: `customers_events`. Stable as long as class and method names are.
 */
export function operationId(controllerKey: string, methodKey: string): string {
  const resource = controllerKey.replace(/Controller$/, '').replace(/History$/, '');
  return `${resource.charAt(0).toLowerCase()}${resource.slice(1)}_${methodKey}`;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Bad request: malformed JSON (`malformed_json`), a malformed header (`invalid_if_match`, …)',
  '401': 'authentication_required: the credential is missing or wrong',
  '403': 'insufficient_scope (the key) or permission_denied (its user)',
  '404': 'resource_missing: absent, foreign, archived or not visible to the caller',
  '409':
    'A conflict: a stale If-Match (`mobile_mutation_conflict`), a reused Idempotency-Key, a state refusal',
  '410': 'record_history_deleted: the record’s event stream was deleted by an operator',
  '413': 'payload_too_large: the body is over its limit (1 MiB of JSON)',
  '415': 'unsupported_media_type: the body is not JSON',
  '428': 'Precondition required: the operation needs If-Match',
  '422': 'validation_failed, unsupported_field or invalid_query_parameter, with `param`',
  '429':
    'rate_limited: over the API key’s request budget (per client address without a key); retry after Retry-After seconds',
  '503':
    'service_unavailable: a store is away, or too many requests wait their turn (MAX_WAITING_REQUESTS); retry after Retry-After seconds',
};

/**
 * What every operation of a kind answers, added here once rather than on each handler: the security
 * requirement of its API, the error statuses common to it (authentication, scopes, an unknown query
 * parameter, a body's size, type and validity, an absent record, a store away), every error answer
 * with the error envelope, and a summary where a handler gave none.
 */
export function completeOperations(document: OpenAPIObject): OpenAPIObject {
  for (const schema of Object.values((document.components?.schemas ?? {}) as Record<string, Json>)) {
    for (const property of Object.values((schema.properties ?? {}) as Record<string, Json>))
      untyped(property);
  }
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      completeOperation(path, method, operation);
    }
  }
  return document;
}

function completeOperation(path: string, method: string, operation: Json): void {
  const responses: Json = (operation.responses ??= {});
  const operator = path.startsWith('/admin/v1/');
  const authenticated = operator || (operation.security ?? []).length > 0;
  if (operator) operation.security = [{ [OPERATOR_SCHEME]: [] }];
  else if (authenticated) operation.security = [{ [BEARER_SCHEME]: [] }];
  else operation.security = []; // public, said so (the health check, photo renditions)

  if (authenticated) {
    const statuses = ['401', '503'];
    if (!operator) statuses.push('403', '422'); // scopes and permissions; unknown query parameters
    if (operator) statuses.push('404'); // the operator API answers 404 without ADMIN_TOKEN
    if (/\{[^}]+\}/.test(path)) statuses.push('404');
    // Any write's body is read and parsed (one sent to a DELETE or an archive too): too large,
    // not JSON, malformed, or with fields the operation does not take.
    if (operation.requestBody || method !== 'get') statuses.push('400', '413', '415', '422');
    if (!operator && ['post', 'patch', 'put'].includes(method)) declareIdempotencyKey(operation);
    const headers = ((operation.parameters ?? []) as Json[])
      .filter((p) => p.in === 'header')
      .map((p) => String(p.name).toLowerCase());
    if (headers.includes('if-match')) statuses.push('400', '409');
    if (headers.includes('idempotency-key')) statuses.push('409', '422'); // reused; malformed
    for (const status of statuses) responses[status] ??= { description: ERROR_DESCRIPTIONS[status] };
  }
  const budgeted = path.startsWith('/api/v3/');
  if (budgeted) responses['429'] ??= { description: ERROR_DESCRIPTIONS['429'] };

  for (const [status, response] of Object.entries(responses as Record<string, Json>)) {
    if (!/^[45]\d\d$/.test(status) || path === '/health') continue; // health answers its report
    if (!response.description) response.description = ERROR_DESCRIPTIONS[status] ?? 'An error';
    if (!response.content) {
      response.content = { 'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelopeSchema) } } };
    }
    if (status === '503' || status === '429') {
      response.headers ??= {
        'Retry-After': {
          description:
            status === '503'
              ? `Seconds to wait before retrying (${STORE_RETRY_AFTER_SECONDS})`
              : 'Seconds until the budget renews',
          schema: { type: 'integer' },
        },
      };
    }
    if (status === '401') {
      response.headers ??= {
        'WWW-Authenticate': { description: 'Bearer', schema: { type: 'string' } },
      };
    }
  }
  if (budgeted) {
    for (const response of Object.values(responses as Record<string, Json>))
      response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
  }
  if (!operation.summary) operation.summary = `${method.toUpperCase()} ${path}`;
  operation.responses = sortedResponses(responses);
}

/** On every answer of /api/v3 while a limit applies (draft-ietf-httpapi-ratelimit-headers). */
const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Policy': {
    description: 'The request budget: `"per-key";q=<requests>;w=<window seconds>`',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of it: `"per-key";r=<remaining>;t=<seconds until it renews>`',
    schema: { type: 'string' },
  },
};

/**
 * Every write of the public API may carry an Idempotency-Key (documents-api §1.6; the
 * IdempotencyInterceptor runs on all of them): declared where the handler did not (the location
 * and zone writes declare it required).
 */
function declareIdempotencyKey(operation: Json): void {
  const parameters: Json[] = (operation.parameters ??= []);
  if (parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key')) return;
  parameters.push({
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      '1 to 255 printable ASCII characters: a retry with the same key and data replays the first answer ' +
      '(with Idempotent-Replayed: true); the same key with other data is 409 idempotency_key_reused.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
  });
}

/**
 * A body field declared `unknown` (the domain checks its value) is reflected as `type: 'object'`,
 * which would tell clients to send an object. A format says what it is (a uuid, a date, an email
 * are strings), as does `nullable` (the nullable free fields are text); otherwise the field takes any
 * JSON value and the server says what it refuses. Body classes should give the type themselves.
 */
function untyped(property: Json): void {
  const bare = ['properties', 'additionalProperties', 'allOf', 'oneOf', 'anyOf', '$ref', 'items'].every(
    (key) => property[key] === undefined,
  );
  if (property.type !== 'object' || !bare) return;
  // A nullable one, without a type a client could not send the null; they are text fields.
  if (typeof property.format === 'string' || property.nullable === true) property.type = 'string';
  else delete property.type;
}

function sortedResponses(responses: Json): Json {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
