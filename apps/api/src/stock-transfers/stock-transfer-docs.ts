import { applyDecorators, HttpCode, Type } from '@nestjs/common';
import { ApiOkResponse } from '../openapi/decorators';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { WriteOperation } from '../openapi/record-operations';
import { StockTransferSchema } from './stock-transfer-schemas';

// OpenAPI notes shared by the stock-transfer endpoints.

/** A transfer's move to `status` (send, receive): 200 with the transfer; its body is optional. */
export function TransitionOperation(
  status: number,
  body: Type<unknown>,
  docs: { summary: string; conflict: string },
) {
  const answer = ApiOkResponse({
    description: `The transfer, status_id ${status}`,
    type: StockTransferSchema,
  });
  return applyDecorators(
    HttpCode(200),
    WriteOperation({ ...docs, body: { type: body, required: false }, notFound: true }, answer),
    ApiErrors(404, 409, 410),
  );
}
