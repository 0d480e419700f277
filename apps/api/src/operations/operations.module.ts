import { Module } from '@nestjs/common';
import { EventStoreMetrics } from './event-store-metrics';
import { Health } from './health';
import { Metrics } from './metrics';
import { OperationsController } from './operations.controller';

/** GET /health and GET /metrics. */
@Module({
  controllers: [OperationsController],
  providers: [Health, Metrics, EventStoreMetrics],
  exports: [Metrics],
})
export class OperationsModule {}
