import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '../openapi/decorators';
import { VerifyReport } from '@app/read-models';
import { FastifyReply } from 'fastify';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiError, resourceMissing } from '@app/runtime';
import { VerifyBody } from './admin-bodies';
import { AdminGuard } from './admin.guard';
import { VerifyReportSchema } from './verify-schemas';
import { VerifyRuns } from './verify-runs';

/**
 * Verify (docs/operations.md): the read models against a replay of the log, in this process,
 * while it keeps serving; started here, its report read once done.
 */
@ApiTags('operator')
@UseGuards(AdminGuard)
@Controller('admin/v1/projections/verify')
export class VerifyController {
  constructor(private readonly runs: VerifyRuns) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Verify read models against a replay of the log (runs in the background)' })
  @ApiAcceptedResponse({ type: VerifyReportSchema, description: 'The run, `running`; Location: its report' })
  @ApiErrors(409, 422)
  start(@Body() body: VerifyBody, @Res({ passthrough: true }) reply: FastifyReply): VerifyReport {
    const report = this.runs.start(projectorNames(body.projectors));
    reply.header('location', `/admin/v1/projections/verify/${report.id}`);
    return report;
  }

  @Get(':id')
  @ApiOperation({ summary: "A verify's report: running, or equal, different or failed with its findings" })
  @ApiOkResponse({ type: VerifyReportSchema })
  @ApiErrors(404)
  report(@Param('id') id: string): VerifyReport {
    const report = this.runs.get(id);
    if (!report) throw resourceMissing('No verify of that id (reports are kept in memory, the last 20).');
    return report;
  }
}

function projectorNames(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string'))
    throw new ApiError(422, 'validation_failed', 'projectors must be an array of projector names.', {
      param: 'projectors',
    });
  return value;
}
