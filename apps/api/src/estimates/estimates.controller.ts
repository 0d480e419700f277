import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorEnvelopeSchema } from '../openapi/error-envelope.schema';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { EstimatePreviewSchema, EstimateSchema } from './estimate-schemas';
import { EstimateCommand, EstimateInput, permissionDenied, previewView } from '@app/domain';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor, can } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { ApiAsOfRevision, asOfRequested, RecordHistory } from '../history';
import { parseIfMatch, setETag } from '../http/etag';
import { pathOf } from '../http/pagination';
import { documentInput } from '../documents/document-body';
import { ApiDocumentListQuery } from '../documents/document-list-docs';
import { EmptyEstimateBody, EstimateBody } from './estimate-bodies';
import { ChangeEstimate } from './estimate-commands';
import { ESTIMATE_HISTORY } from './estimate-history';
import { estimateJson } from './estimate-json';
import { parseDocumentListQuery } from '../documents/document-list-query';
import { ESTIMATE_TABLE, EstimateReads } from './estimate-reads';
import { EstimatePreviewed, EstimateWrites } from './estimate-writes';

const LIST = 'estimates.list';
const MODIFY = 'estimates.modify';

/** Estimates (documents-api §4): the first sales document, on the shared line engine. */
@ApiTags('estimates')
@Controller('api/v3/estimates')
export class EstimatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: EstimateReads,
    private readonly writes: EstimateWrites,
    private readonly history: RecordHistory,
  ) {}

  @Get()
  @ApiListOf(EstimateSchema)
  @ApiDocumentListQuery('estimate', ESTIMATE_TABLE.dateColumns)
  @Access('estimates:read', LIST)
  @ApiOperation({ summary: 'List visible estimates, newest number first (no lines)' })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(
      actor,
      parseDocumentListQuery(query, ESTIMATE_TABLE.dateColumns),
      pathOf(request.url),
    );
  }

  @Get(':id')
  @ApiAsOfRevision()
  @Access('estimates:read', LIST)
  @ApiOperation({
    summary: 'Retrieve an estimate with its lines; with as_of_revision (audit:read), as it was then',
  })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiOkResponse({ type: EstimateSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (asOfRequested(query)) return this.history.retrieveAsOf(ESTIMATE_HISTORY, id, query, actor, reply);
    const { body, revision } = await this.reads.retrieve(actor, id, query);
    setETag(reply, revision);
    return body;
  }

  @Post()
  @Access('estimates:write', MODIFY)
  @ApiOperation({ summary: 'Create an open estimate (201); its number is assigned' })
  @ApiBody({ type: EstimateBody })
  @ApiConflictResponse({ description: 'account_record_limit_reached' })
  @ApiCreatedResponse({ type: EstimateSchema, description: 'The new estimate with its lines' })
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: EstimateBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const written = await this.commands.execute(new ChangeEstimate(actor, { create: input(body) }));
    reply.status(201);
    return answer(reply, actor, written);
  }

  @Post('preview')
  @HttpCode(200)
  @Access('estimates:write', MODIFY)
  @ApiOperation({ summary: 'Calculate a new estimate without saving it (no number, nothing persisted)' })
  @ApiBody({ type: EstimateBody })
  @ApiOkResponse({ type: EstimatePreviewSchema })
  async previewNew(@CurrentActor() actor: Actor, @Body() body: EstimateBody) {
    return preview(actor, await this.writes.previewNew(actor, input(body)), true);
  }

  @Post(':id/preview')
  @HttpCode(200)
  @Access('estimates:write', MODIFY)
  @ApiOperation({ summary: 'Calculate changes to an estimate without saving them; If-Match required' })
  @ApiBody({ type: EstimateBody })
  @ApiHeader({ name: 'If-Match', required: true, description: 'The revision the changes are based on' })
  @ApiConflictResponse({ description: 'mobile_mutation_conflict or estimate_update_not_allowed' })
  @ApiResponse({
    status: 428,
    type: ErrorEnvelopeSchema,
    description: 'estimate_revision_required: no If-Match',
  })
  @ApiOkResponse({ type: EstimatePreviewSchema })
  async previewChange(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: EstimateBody,
    @Headers('if-match') ifMatch: string | undefined,
  ) {
    const previewed = await this.writes.previewChange(
      actor,
      id.toLowerCase(),
      input(body),
      parseIfMatch(ifMatch),
    );
    return preview(actor, previewed, false);
  }

  @Patch(':id')
  @Access('estimates:write', MODIFY)
  @ApiOperation({ summary: 'Change an open estimate; lines, when given, replace the non-discount lines' })
  @ApiBody({ type: EstimateBody })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiConflictResponse({ description: 'estimate_update_not_allowed or mobile_mutation_conflict' })
  @ApiOkResponse({ type: EstimateSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: EstimateBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateEstimate', input: input(body) }, ifMatch);
  }

  @Post(':id/decline')
  @HttpCode(200)
  @Access('estimates:decline', MODIFY)
  @ApiOperation({ summary: 'Decline an open estimate (status 7); repeating is safe' })
  @ApiBody({ type: EmptyEstimateBody })
  @ApiConflictResponse({ description: 'estimate_decline_not_allowed' })
  @ApiOkResponse({ type: EstimateSchema, description: 'The declined estimate' })
  decline(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() _body: EmptyEstimateBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Declining also needs the list permission (documents-api §4); @Access states one.
    if (!can(actor, LIST)) throw permissionDenied('Declining an estimate needs estimates.list.');
    return this.send(reply, actor, id, { type: 'DeclineEstimate' }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access('estimates:delete', 'estimates.delete')
  @ApiOperation({ summary: 'Delete an open estimate and its lines' })
  @ApiConflictResponse({ description: 'estimate_delete_not_allowed' })
  @ApiDeleted('estimate')
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.send(reply, actor, id, { type: 'DeleteEstimate' }, ifMatch);
    return { id: id.toLowerCase(), object: 'estimate', deleted: true };
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: EstimateCommand,
    ifMatch?: string,
  ) {
    const change = { id: id.toLowerCase(), command, ifMatch: parseIfMatch(ifMatch) };
    return answer(reply, actor, await this.commands.execute(new ChangeEstimate(actor, change)));
  }
}

function input(body: EstimateBody): EstimateInput {
  return documentInput(body);
}

function answer(reply: FastifyReply, actor: Actor, written: { record: unknown; revision: number }) {
  setETag(reply, written.revision);
  if (written.record === null) return null;
  return estimateJson(written.record as Parameters<typeof estimateJson>[0], written.revision, actor);
}

/** `estimate_preview`: the estimate as it would be; errors are answered as 422, so none remain here. */
function preview(
  actor: Actor,
  { record, revision, newLineIds, warnings }: EstimatePreviewed,
  isNew: boolean,
) {
  return {
    object: 'estimate_preview',
    estimate: previewView(estimateJson(record, revision, actor), newLineIds, isNew),
    errors: [],
    warnings,
  };
}
