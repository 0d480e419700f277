import 'reflect-metadata';
import { Controller, Get } from '@nestjs/common';
// eslint-disable-next-line no-restricted-imports -- the decorators run at once, to compare with
import * as swagger from '@nestjs/swagger';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiQuery,
  ApiSchema,
  ApiTags,
  applyOpenApiDecorators,
  getSchemaPath,
} from './decorators';

// The keys @nestjs/swagger writes its metadata under (its DECORATORS constants).
const PROPERTIES = 'swagger/apiModelPropertiesArray';
const PROPERTY = 'swagger/apiModelProperties';
const RESPONSES = 'swagger/apiResponse';

function modelMetadata(model: object) {
  const prototype = (model as { prototype: object }).prototype;
  const names = (Reflect.getMetadata(PROPERTIES, prototype) ?? []) as string[];
  return {
    names,
    properties: names.map((name) => Reflect.getMetadata(PROPERTY, prototype, name.slice(1))),
    schema: Reflect.getMetadata('swagger/apiSchema', model),
  };
}

function routeMetadata(controller: { prototype: object }, method: string) {
  const handler = (controller.prototype as Record<string, object>)[method];
  return {
    responses: Reflect.getMetadata(RESPONSES, handler),
    operation: Reflect.getMetadata('swagger/apiOperation', handler),
    parameters: Reflect.getMetadata('swagger/apiParameters', handler),
    tags: Reflect.getMetadata('swagger/apiUseTags', controller),
  };
}

// The same classes twice: with @nestjs/swagger's decorators, and with the deferred ones.
@swagger.ApiSchema({ name: 'Widget' })
class EagerWidget {
  @swagger.ApiProperty({ type: 'integer', minimum: 1 })
  count!: number;

  @swagger.ApiPropertyOptional({ description: 'A name' })
  name?: string;
}

@ApiSchema({ name: 'Widget' })
class DeferredWidget {
  @ApiProperty({ type: 'integer', minimum: 1 })
  count!: number;

  @ApiPropertyOptional({ description: 'A name' })
  name?: string;
}

@swagger.ApiTags('widgets')
@Controller('widgets')
class EagerController {
  @Get()
  @swagger.ApiOperation({ summary: 'List' })
  @swagger.ApiQuery({ name: 'q', required: false })
  @swagger.ApiOkResponse({ type: EagerWidget, description: 'first' })
  @swagger.ApiOkResponse({ description: 'second' }) // merged with the first, in this order
  list(): void {}
}

@ApiTags('widgets')
@Controller('widgets')
class DeferredController {
  @Get()
  @ApiOperation({ summary: 'List' })
  @ApiQuery({ name: 'q', required: false })
  @ApiOkResponse({ type: DeferredWidget, description: 'first' })
  @ApiOkResponse({ description: 'second' })
  list(): void {}
}

describe('the deferred OpenAPI decorators', () => {
  it('write nothing as the classes load, and name a schema as @nestjs/swagger does', () => {
    expect(modelMetadata(DeferredWidget)).toEqual({ names: [], properties: [], schema: undefined });
    expect(routeMetadata(DeferredController, 'list')).toEqual({
      responses: undefined,
      operation: undefined,
      parameters: undefined,
      tags: undefined,
    });
    expect(getSchemaPath(DeferredWidget)).toBe(swagger.getSchemaPath(EagerWidget));
    expect(getSchemaPath(DeferredWidget)).toBe('#/components/schemas/Widget');
    expect(getSchemaPath(DeferredController)).toBe('#/components/schemas/DeferredController');
    expect(getSchemaPath('Other')).toBe('#/components/schemas/Other');
  });

  it('write, once applied, what @nestjs/swagger writes as the classes load', () => {
    applyOpenApiDecorators();
    expect(modelMetadata(DeferredWidget)).toEqual(modelMetadata(EagerWidget));
    expect(modelMetadata(DeferredWidget).names).toEqual([':count', ':name']);
    const deferred = routeMetadata(DeferredController, 'list');
    const eager = routeMetadata(EagerController, 'list');
    expect(deferred.responses['200'].type).toBe(DeferredWidget);
    expect({ ...deferred, responses: { 200: { ...deferred.responses['200'], type: undefined } } }).toEqual({
      ...eager,
      responses: { 200: { ...eager.responses['200'], type: undefined } },
    });
    expect(deferred.responses['200'].description).toBe('second\n\nfirst');
  });

  it('apply at once once the document has been made', () => {
    class Later {
      @ApiProperty({ type: 'string' })
      label!: string;
    }
    expect(modelMetadata(Later).names).toEqual([':label']);
  });
});
