import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../openapi/decorators';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ProjectionListSchema, ProjectionSchema } from './operator-schemas';
import { ProjectionRunner } from '@app/read-models';
import { ApiError, resourceMissing } from '@app/runtime';
import { AdminGuard } from './admin.guard';
import { ProjectionView, projectionView } from '../operations/projection-view';

/**
 * The read models for an operator: each projector's state, position and lag and, for one stopped
 * on an error, the event and the error; and the restart of such a projector once its cause is
 * fixed (from its checkpoint, no rebuild; the process leading it, this one or another, resumes it).
 */
@ApiTags('operator')
@UseGuards(AdminGuard)
@Controller('admin/v1/projections')
export class ProjectionsController {
  constructor(private readonly runner: ProjectionRunner) {}

  @Get()
  @ApiOperation({ summary: "Each read model's state, position and lag" })
  @ApiOkResponse({ type: ProjectionListSchema })
  async list(): Promise<{ object: 'list'; data: ProjectionView[] }> {
    return { object: 'list', data: (await this.runner.status()).map(projectionView) };
  }

  @Post(':name/restart')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restart a projector stopped on an error, from its checkpoint' })
  @ApiOkResponse({ type: ProjectionSchema })
  @ApiErrors(404, 409)
  async restart(@Param('name') name: string): Promise<ProjectionView> {
    if (!this.runner.projectorNames().includes(name)) throw resourceMissing('No projection of that name.');
    if (!(await this.runner.restart(name))) {
      throw new ApiError(409, 'projection_not_failed', `Projection ${name} has not stopped on an error.`);
    }
    const status = (await this.runner.status()).find((s) => s.name === name)!;
    return projectionView(status);
  }
}
