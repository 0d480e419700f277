import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { Query, refuseUnknownParams } from '@app/runtime';

/**
 * A handler that reads no query string (no @Query() parameter: most writes) takes no query
 * parameter, so any is refused with 422 `invalid_query_parameter`, as lists and retrieves refuse
 * those they do not know: `POST /customers?dry_run=1` must not quietly create a customer.
 * Handlers that read the query check its names themselves.
 */
@Injectable()
export class QueryFreeRoutesInterceptor implements NestInterceptor {
  private readonly readsQuery = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http' && !this.handlerReadsQuery(context)) {
      refuseUnknownParams(context.switchToHttp().getRequest<FastifyRequest>().query as Query | undefined);
    }
    return next.handle();
  }

  private handlerReadsQuery(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let reads = this.readsQuery.get(handler);
    if (reads === undefined) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ??
        {}) as object;
      reads = Object.keys(args).some((key) => key.startsWith(`${RouteParamtypes.QUERY}:`));
      this.readsQuery.set(handler, reads);
    }
    return reads;
  }
}
