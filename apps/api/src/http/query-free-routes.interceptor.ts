import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { Query, refuseUnknownParams } from '@app/runtime';
import { Route, RouteInterceptor } from './route-interceptors';

/**
 * A handler that reads no query string (no @Query() parameter: most writes) takes no query
 * parameter, so any is refused with 422 `invalid_query_parameter`, as lists and retrieves refuse
 * those they do not know: `POST /customers?dry_run=1` must not quietly create a customer.
 * Handlers that read the query check its names themselves. Only on such handlers' routes
 * (queryFreeRoutes).
 */
@Injectable()
export class QueryFreeRoutesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http')
      refuseUnknownParams(context.switchToHttp().getRequest<FastifyRequest>().query as Query | undefined);
    return next.handle();
  }
}

/** The interceptor on the routes whose handler has no @Query() parameter. */
export function queryFreeRoutes(interceptor: QueryFreeRoutesInterceptor): RouteInterceptor {
  return { interceptor, actsOn: (route) => !readsQuery(route) };
}

function readsQuery({ controller, name }: Route): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as object;
  return Object.keys(args).some((key) => key.startsWith(`${RouteParamtypes.QUERY}:`));
}
