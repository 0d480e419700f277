import { Controller, Get, Inject, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '../openapi/decorators';
import { HealthReportSchema } from './health-schemas';
import { FastifyReply } from 'fastify';
import { Health, HealthReport } from './health';
import { Metrics } from './metrics';

@ApiTags('operations')
@Controller()
export class OperationsController {
  constructor(
    @Inject(Health) private readonly health: Health,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Readiness: the stores answer and every projector and reactor runs' })
  @ApiOkResponse({ type: HealthReportSchema, description: 'The stores answer and every projector runs' })
  @ApiServiceUnavailableResponse({
    type: HealthReportSchema,
    description: 'A store does not answer or a projector has stopped',
  })
  async getHealth(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? 200 : 503).header('Cache-Control', 'no-store');
    return report;
  }

  @Get('metrics')
  @ApiExcludeEndpoint()
  async getMetrics(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    reply.header('Content-Type', this.metrics.registry.contentType);
    return this.metrics.render();
  }
}
