import { Inject, Injectable, Module, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryModule, DiscoveryService, HttpAdapterHost, MetadataScanner } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ClassConstructor, plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { FastifyInstance } from 'fastify';

/* Route discovery: every route the real app registers, read from Fastify as routes are added. */

/** The fields a body DTO accepts; a field holding a nested DTO (or an array of them) maps to its shape. */
export interface BodyShape {
  [field: string]: BodyShape | null;
}

export interface Route {
  method: string;
  /** Fastify's pattern, e.g. `/admin/v1/users/:id`. */
  url: string;
  /** Names of the path parameters, in order. */
  params: string[];
  /** What the handler's @Body() DTO accepts; empty when the handler reads no DTO. */
  body: BodyShape;
}

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Records every route as Fastify registers it. Providers are built before the app's init registers
 * the controllers' routes, so an onRoute hook added here sees all of them.
 */
@Injectable()
export class RouteRecorder {
  private readonly registered: { method: string; url: string }[] = [];

  constructor(
    @Inject(HttpAdapterHost) host: HttpAdapterHost,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
  ) {
    const fastify = host.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRoute', ({ method, url }) => {
      for (const one of [method].flat()) this.registered.push({ method: one, url });
    });
  }

  /** Every route, with its body shape when a Nest handler with a @Body() DTO serves it. */
  routes(): Route[] {
    const bodies = this.bodyShapes();
    return this.registered.map(({ method, url }) => ({
      method,
      url,
      params: [...url.matchAll(/:(\w+)/g)].map((match) => match[1]),
      body: bodies.get(`${method} ${url}`) ?? {},
    }));
  }

  private bodyShapes(): Map<string, BodyShape> {
    const shapes = new Map<string, BodyShape>();
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      for (const name of this.scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const shape = bodyShapeOf(controller, name);
        for (const url of joinPaths(
          Reflect.getMetadata(PATH_METADATA, controller),
          Reflect.getMetadata(PATH_METADATA, handler),
        )) {
          shapes.set(`${RequestMethod[method]} ${url}`, shape);
        }
      }
    }
    return shapes;
  }
}

@Module({ imports: [DiscoveryModule], providers: [RouteRecorder] })
export class RouteRecorderModule {}

/** The write routes (POST, PUT, PATCH, DELETE) of an app started with RouteRecorderModule imported. */
export function writeRoutes(app: NestFastifyApplication): Route[] {
  return app
    .get(RouteRecorder)
    .routes()
    .filter((route) => WRITE_METHODS.includes(route.method));
}

function joinPaths(controller: string | string[] = '/', handler: string | string[] = '/'): string[] {
  return [controller]
    .flat()
    .flatMap((base) => [handler].flat().map((path) => `/${base}/${path}`))
    .map((url) => url.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'));
}

type Class = new (...args: never[]) => object;

function bodyShapeOf(controller: Class, method: string): BodyShape {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as unknown[];
  const shape: BodyShape = {};
  for (const [key, { index, data }] of Object.entries(args)) {
    if (!key.startsWith(`${RouteParamtypes.BODY}:`)) continue;
    if (typeof data === 'string') shape[data] = null;
    else Object.assign(shape, dtoShape(types[index]));
  }
  return shape;
}

/** The DTO's validated fields; nested DTOs are found by letting class-transformer build one. */
function dtoShape(dto: unknown, depth = 0): BodyShape {
  if (typeof dto !== 'function' || depth > 3) return {};
  const shape: BodyShape = {};
  for (const { propertyName } of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const nested = nestedClass(dto as Class, propertyName);
    shape[propertyName] = nested ? dtoShape(nested, depth + 1) : null;
  }
  return shape;
}

function nestedClass(dto: Class, field: string): Class | undefined {
  for (const sample of [{}, [{}]]) {
    const built = plainToInstance(dto as ClassConstructor<object>, { [field]: sample } as object);
    const value = (built as Record<string, unknown>)[field];
    const entry = Array.isArray(value) ? value[0] : value;
    const type = (entry as object | undefined)?.constructor as Class | undefined;
    if (type && type !== Object) return type;
  }
  return undefined;
}
