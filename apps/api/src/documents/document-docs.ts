import { Type } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
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

/** `unsupported_sales_order_field`: the code a type's body refuses an unknown field with. */
export function unsupportedField(noun: string): string {
  return `unsupported_${noun.replace(/ /g, '_')}_field`;
}
