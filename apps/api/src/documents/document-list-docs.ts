import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiUnprocessableEntityResponse } from '../openapi/decorators';
import { DateFilter, dateFilterOf } from './document-list-query';

/** The OpenAPI parameters of a document list: page, `q`, customer, status and each date's bounds. */
export function ApiDocumentListQuery(
  noun: string,
  dateColumns: readonly DateFilter[],
  idParams: readonly string[] = [],
  partyParam: 'customer_id' | 'supplier_id' = 'customer_id',
) {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' }),
    ApiQuery({ name: 'include_total', required: false, type: Boolean }),
    ApiQuery({
      name: 'q',
      required: false,
      description: `${partyParam === 'customer_id' ? 'Customer' : 'Supplier'} name, custom number, name; digits: the number`,
    }),
    ApiQuery({ name: partyParam, required: false }),
    ApiQuery({ name: 'status_id', required: false, type: Number }),
    ...idParams.map((name) => ApiQuery({ name, required: false })),
    ...dateColumns
      .map(dateFilterOf)
      .flatMap(({ name: column }) => [
        ApiQuery({ name: `${column}_from`, required: false, description: 'Inclusive YYYY-MM-DD' }),
        ApiQuery({ name: `${column}_to`, required: false, description: 'Inclusive YYYY-MM-DD' }),
      ]),
    ApiOkResponse({ description: `The list envelope of compact ${noun}s, newest number first` }),
    ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' }),
  );
}
