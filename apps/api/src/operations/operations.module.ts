import { Module } from '@nestjs/common';
import { Health } from './health';
import { Metrics } from './metrics';
import { OperationsController } from './operations.controller';

/** GET /health and GET /metrics. */
@Module({
  controllers: [OperationsController],
  providers: [Health, Metrics],
  exports: [Metrics],
})
export class OperationsModule {}
