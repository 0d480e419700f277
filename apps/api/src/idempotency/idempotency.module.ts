import { Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency-store';
import { ReplayReads } from './replay-reads';

/** Idempotency-Key for every write of the public API (see IdempotencyInterceptor). */
@Module({
  // The interceptor on the write routes only (createApp, interceptWhereTheyAct).
  providers: [IdempotencyStore, ReplayReads, IdempotencyInterceptor],
  exports: [IdempotencyStore, ReplayReads],
})
export class IdempotencyModule {}
