import { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { ApiConfig } from '@app/runtime';
import { answerFrameworkError } from './http/framework-errors';
import { ReplayReads } from './idempotency/replay-reads';
import { IdempotencyInterceptor, idempotentWrites } from './idempotency/idempotency.interceptor';
import { QueryFreeRoutesInterceptor, queryFreeRoutes } from './http/query-free-routes.interceptor';
import { interceptWhereTheyAct } from './http/route-interceptors';
import { acceptJsonBodiesOnly, BODY_LIMIT_BYTES } from './http/json-body';
import { replyJsonAsBuffers } from './http/json-replies';
import { admitInTurn, RequestAdmission } from './http/request-admission';
import { answerOversizedBodiesReadably } from './http/oversized-bodies';
import { acceptPhotoUploads } from './items/photos/photo-uploads';
import { serveAuditPage } from './audit-page/audit-page';
import { setupOpenApi } from './openapi/openapi';
import { Metrics } from './operations/metrics';
import { RateLimits } from './http/rate-limits';
import { logRequest, requestIdFrom } from './operations/request-log';
import { ReadYourWrites } from './store/read-your-writes';

export interface CreateAppOptions extends AppModuleOptions {
  /** Adds hooks to the HTTP server before it is ready (the tests' response-contract check). */
  extendHttp?: (fastify: FastifyInstance) => void;
}

/**
 * The API app, initialised: stores open, projectors started, routes ready, not yet listening.
 * main.ts listens on it; tests send requests with app.inject().
 */
export async function createApp(
  config: ApiConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    genReqId: (request: IncomingMessage) => requestIdFrom(request.headers['x-request-id']),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, appModuleOptions(options)),
    adapter,
    {
      bodyParser: false,
      bufferLogs: true,
      abortOnError: false,
    },
  );
  try {
    app.useLogger(app.get(Logger));
    const fastify = app.getHttpAdapter().getInstance();
    acceptJsonBodiesOnly(fastify);
    replyJsonAsBuffers(fastify as unknown as FastifyInstance);
    await acceptPhotoUploads(fastify); // multipart, 15 MB per file, on photo routes only
    answerOversizedBodiesReadably(fastify); // a 413 after the body, so that every client reads it
    // Synchronous hooks where nothing is awaited: an async one costs every request a promise and a turn.
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.header('X-Request-Id', request.id);
      done();
    });
    const replayReads = app.get(ReplayReads);
    fastify.addHook('onRequest', (request, reply, done) => {
      replayReads.attach(request); // an idempotent retry's reads
      done();
    });
    await limitRequestRates(fastify as unknown as FastifyInstance, app.get(RateLimits));
    const metrics = app.get(Metrics);
    const admission = new RequestAdmission({
      working: config.maxConcurrentRequests,
      waiting: config.maxWaitingRequests,
      lagTargetMs: config.readModelLagTargetMs,
    });
    admitInTurn(fastify as unknown as FastifyInstance, admission, '/api/v3/', (request) =>
      replayReads.isGranted(request),
    );
    app.get(ReadYourWrites).onWriteWait((waitedMs, kind) => admission.observeWriteWait(waitedMs, kind));
    metrics.watchAdmission(admission);
    fastify.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request, reply);
      logRequest(request, reply);
      done();
    });
    options.extendHttp?.(fastify as unknown as FastifyInstance);
    await serveAuditPage(fastify as unknown as FastifyInstance);
    setupOpenApi(app);
    interceptWhereTheyAct(app, [
      queryFreeRoutes(app.get(QueryFreeRoutesInterceptor)),
      idempotentWrites(app.get(IdempotencyInterceptor)),
    ]);
    await app.init();
    await fastify.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Keys spend their budget once authenticated (AccessGuard); a request that names no key, such as
 * the OpenAPI document's, spends its address's before it waits for admission.
 */
async function limitRequestRates(fastify: FastifyInstance, rateLimits: RateLimits): Promise<void> {
  await rateLimits.install(fastify);
  fastify.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/api/v3/') && !request.headers.authorization)
      await rateLimits.admitAddress(request, reply);
  });
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars
function appModuleOptions({ extendHttp, ...options }: CreateAppOptions): AppModuleOptions {
  return options;
}
