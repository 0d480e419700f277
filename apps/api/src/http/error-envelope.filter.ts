import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { noteUnexpectedError } from '../operations/request-log';
import { toErrorResponse } from '@app/runtime';

/**
 * The one place errors become answers: every exception, from a controller, a guard, a pipe, the
 * body parser or the router, leaves as `{error: {type, code, message, param?}}`.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body, headers, unexpected } = toErrorResponse(exception, request);
    // The request's log line carries it, at error level, with its stack and the request id.
    if (unexpected) noteUnexpectedError(request, exception);
    if (reply.sent) return;
    reply.status(status).headers(headers).send(body);
  }
}
