import { INestApplication, NestInterceptor, RequestMethod, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';

/** A controller's handler as Nest routes it. */
export interface Route {
  controller: Type<unknown>;
  /** The handler's name on the controller. */
  name: string;
  method: RequestMethod;
}

/** An interceptor and the routes it does something on (on the others it only passes the request on). */
export interface RouteInterceptor {
  interceptor: NestInterceptor;
  actsOn(route: Route): boolean;
}

/** What each handler declared itself (@UseInterceptors), kept apart from what this adds. */
const declared = new WeakMap<object, unknown[]>();

/**
 * The app's interceptors, in this order, on the routes where they act, instead of on every route
 * (APP_INTERCEPTOR). A route with any interceptor runs through rxjs and an AsyncResource.bind per
 * interceptor and one more, about 30 KB a request, and those were among what outlived a young GC;
 * a route with none (a list, a retrieve) calls its handler straight. Before app.init(), which
 * reads the routes' interceptors once; they go before the handler's own (no controller declares
 * any of its own). The metadata is the handlers', shared by every app of the process: two apps
 * made in one process are made one after the other (a test's), never at once.
 */
export function interceptWhereTheyAct(app: INestApplication, interceptors: RouteInterceptor[]): void {
  for (const { route, handler } of routesOf(app)) {
    const own =
      declared.get(handler) ?? ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[]);
    declared.set(handler, own);
    const acting = interceptors.filter((i) => i.actsOn(route)).map((i) => i.interceptor);
    Reflect.defineMetadata(INTERCEPTORS_METADATA, [...acting, ...own], handler);
  }
}

function* routesOf(app: INestApplication): Generator<{ route: Route; handler: object }> {
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const controller = metatype as Type<unknown> | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, object>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
        yield { route: { controller, name, method }, handler };
      }
    }
  }
}
