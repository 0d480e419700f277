import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency-store';
import { ReplayReads } from './replay-reads';

/** Idempotency-Key for every write of the public API (see IdempotencyInterceptor). */
@Module({
  providers: [IdempotencyStore, ReplayReads, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
  exports: [IdempotencyStore, ReplayReads],
})
export class IdempotencyModule {}
