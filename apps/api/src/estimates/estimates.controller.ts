import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
} from '../openapi/decorators';
import { EstimateCommand, EstimateRecord, permissionDenied, previewView } from '@app/domain';
import { Actor, can } from '../auth/actor';
import { DocumentDeclaration, documentController } from '../documents/document-controller';
import { ErrorEnvelopeSchema } from '../openapi/error-envelope.schema';
import { EmptyEstimateBody, EstimateBody } from './estimate-bodies';
import { ChangeEstimate } from './estimate-commands';
import { ESTIMATE_HISTORY } from './estimate-history';
import { estimateJson } from './estimate-json';
import { ESTIMATE_TABLE, EstimateReads } from './estimate-reads';
import { EstimatePreviewSchema, EstimateSchema } from './estimate-schemas';
import { EstimatePreviewed, EstimateWrites } from './estimate-writes';

const LIST = 'estimates.list';

/** Estimates (documents-api §4): the first sales document, on the shared line engine. */
export const ESTIMATE_DOCUMENT: DocumentDeclaration<EstimateRecord, EstimateCommand> = {
  path: 'estimates',
  object: 'estimate',
  noun: 'estimate',
  scopes: { read: 'estimates:read', write: 'estimates:write', delete: 'estimates:delete' },
  permissions: { read: LIST, write: 'estimates.modify', delete: 'estimates.delete' },
  list: { dates: ESTIMATE_TABLE.dateColumns },
  reads: EstimateReads,
  history: ESTIMATE_HISTORY,
  change: ChangeEstimate,
  update: (input) => ({ type: 'UpdateEstimate', input }),
  remove: { type: 'DeleteEstimate' },
  body: EstimateBody,
  summarySchema: EstimateSchema,
  // What only estimates do: decline.
  actions: [
    {
      name: 'decline',
      route: { post: ':id/decline' },
      access: ['estimates:decline', 'estimates.modify'],
      body: EmptyEstimateBody,
      // Declining also needs the list permission (documents-api §4); @Access states one.
      guard: (actor) => {
        if (!can(actor, LIST)) throw permissionDenied('Declining an estimate needs estimates.list.');
      },
      command: () => ({ type: 'DeclineEstimate' }),
      docs: [
        ApiOperation({ summary: 'Decline an open estimate (status 7); repeating is safe' }),
        ApiConflictResponse({ description: 'estimate_decline_not_allowed' }),
        ApiOkResponse({ type: EstimateSchema, description: 'The declined estimate' }),
      ],
    },
  ],
  preview: {
    schema: EstimatePreviewSchema,
    by: EstimateWrites,
    view: preview,
    docs: {
      previewNew: [
        ApiOperation({
          summary: 'Calculate a new estimate without saving it (no number, nothing persisted)',
        }),
      ],
      previewChange: [
        ApiOperation({ summary: 'Calculate changes to an estimate without saving them; If-Match required' }),
        ApiConflictResponse({ description: 'mobile_mutation_conflict or estimate_update_not_allowed' }),
        ApiResponse({
          status: 428,
          type: ErrorEnvelopeSchema,
          description: 'estimate_revision_required: no If-Match',
        }),
      ],
    },
  },
  docs: {
    list: [ApiOperation({ summary: 'List visible estimates, newest number first (no lines)' })],
    retrieve: [
      ApiOperation({
        summary: 'Retrieve an estimate with its lines; with as_of_revision (audit:read), as it was then',
      }),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiOkResponse({ type: EstimateSchema }),
    ],
    create: [
      ApiOperation({ summary: 'Create an open estimate (201); its number is assigned' }),
      ApiConflictResponse({ description: 'account_record_limit_reached' }),
      ApiCreatedResponse({ type: EstimateSchema, description: 'The new estimate with its lines' }),
    ],
    update: [
      ApiOperation({ summary: 'Change an open estimate; lines, when given, replace the non-discount lines' }),
      ApiHeader({ name: 'If-Match', required: false }),
      ApiConflictResponse({ description: 'estimate_update_not_allowed or mobile_mutation_conflict' }),
      ApiOkResponse({ type: EstimateSchema }),
    ],
    remove: [
      ApiOperation({ summary: 'Delete an open estimate and its lines' }),
      ApiConflictResponse({ description: 'estimate_delete_not_allowed' }),
    ],
  },
};

export const EstimatesController = documentController(ESTIMATE_DOCUMENT);

/** `estimate_preview`: the estimate as it would be; errors are answered as 422, so none remain here. */
function preview(
  actor: Actor,
  { record, revision, newLineIds, warnings, skus }: EstimatePreviewed,
  isNew: boolean,
) {
  return {
    object: 'estimate_preview',
    estimate: previewView(estimateJson(record, revision, actor, skus), newLineIds, isNew),
    errors: [],
    warnings,
  };
}
