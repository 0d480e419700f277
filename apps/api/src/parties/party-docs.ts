import { applyDecorators } from '@nestjs/common';
import { ApiQuery, ApiUnprocessableEntityResponse } from '../openapi/decorators';

// OpenAPI notes shared by the customer and supplier endpoints.

export function ApiPartyList(kinds?: readonly string[]) {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' }),
    ApiQuery({ name: 'include_total', required: false, type: Boolean }),
    ApiQuery({ name: 'q', required: false, description: 'In name, email, account number or phone' }),
    ApiQuery({ name: 'archived', required: false, type: Boolean, description: 'Default false' }),
    ...(kinds ? [ApiQuery({ name: 'kind', required: false, enum: [...kinds] })] : []),
    ApiUnprocessableEntityResponse({ description: 'invalid_query_parameter' }),
  );
}
