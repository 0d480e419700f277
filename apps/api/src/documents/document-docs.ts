import { Type } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiHeaderOptions,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { RouteDocs } from './route-docs';

/** What the common routes' documentation says of one document type (invoices, orders). */
export interface DocumentTypeDocs {
  /** `sales order`: its list is of `sales orders`, its field code `unsupported_sales_order_field`. */
  noun: string;
  detail: Type<unknown>;
  /** The retrieve's answer: `The invoice detail`. */
  detailDescription: string;
  /** How a create leaves it: `an unpaid` (invoice). */
  createdAs: string;
}

/** The list, retrieve and create documentation, alike for invoices and orders but for their names. */
export function listRetrieveCreateDocs(type: DocumentTypeDocs): {
  list: RouteDocs;
  retrieve: RouteDocs;
  create: RouteDocs;
} {
  const { noun, detail } = type;
  const one = `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
  return {
    list: [ApiOperation({ summary: `List visible ${noun}s, newest number first (no lines)` })],
    retrieve: [
      ApiOperation({
        summary: `Retrieve ${one} with its lines; with as_of_revision (audit:read), as it was then`,
      }),
      ApiOkResponse({ type: detail, description: type.detailDescription }),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiErrors(404, 410),
    ],
    create: [
      ApiOperation({ summary: `Create ${type.createdAs} ${noun} (201); its number is assigned` }),
      ApiCreatedResponse({ type: detail, description: `The new ${noun} with its calculated lines` }),
      ApiUnprocessableEntityResponse({ description: `validation_failed or ${unsupportedField(noun)}` }),
      ApiConflictResponse({ description: 'account_record_limit_reached' }),
      ApiErrors(409),
    ],
  };
}

/**
 * An order's PATCH and DELETE documentation, alike for sales and purchase orders but for their
 * names, what each allows (`update`, `remove`: the summaries), its If-Match header and the
 * refusals a delete adds before the conflict (`removeRefusals`).
 */
export function orderChangeDocs(
  type: Pick<DocumentTypeDocs, 'noun' | 'detail'>,
  docs: { ifMatch: ApiHeaderOptions; update: string; remove: string; removeRefusals?: RouteDocs },
): { update: RouteDocs; remove: RouteDocs } {
  const { noun } = type;
  const code = noun.replace(/ /g, '_');
  return {
    update: [
      ApiOperation({ summary: docs.update }),
      ApiHeader(docs.ifMatch),
      ApiOkResponse({ type: type.detail, description: `The updated ${noun}` }),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ApiUnprocessableEntityResponse({ description: `validation_failed or ${unsupportedField(noun)}` }),
      ApiConflictResponse({ description: `${code}_update_not_allowed or mobile_mutation_conflict` }),
      ApiErrors(404, 409, 410),
    ],
    remove: [
      ApiOperation({ summary: docs.remove }),
      ApiHeader(docs.ifMatch),
      ApiNotFoundResponse({ description: 'resource_missing' }),
      ...(docs.removeRefusals ?? []),
      ApiConflictResponse({ description: `${code}_delete_not_allowed or mobile_mutation_conflict` }),
      ApiErrors(404, 409, 410),
    ],
  };
}

/** `unsupported_sales_order_field`: the code a type's body refuses an unknown field with. */
export function unsupportedField(noun: string): string {
  return `unsupported_${noun.replace(/ /g, '_')}_field`;
}
