import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '../openapi/decorators';
import { FastifyRequest } from 'fastify';

const ifMatchHeader = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<FastifyRequest>().headers['if-match'],
);

/** How the If-Match header is described, where an endpoint describes it. */
export const IF_MATCH_CHANGE = 'The revision the change is based on';

/**
 * A write's optional If-Match header as sent, documented on its handler with `description`. The
 * write parses it (parseIfMatch) after its body is validated, so a bad body is still 422 first.
 */
export function IfMatch(description?: string): ParameterDecorator {
  return (target, key, index) => {
    ifMatchHeader()(target, key, index);
    const handler = Object.getOwnPropertyDescriptor(target, key!)!;
    ApiHeader({ name: 'If-Match', required: false, description })(target, key!, handler);
  };
}
