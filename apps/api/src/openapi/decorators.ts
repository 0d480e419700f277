// eslint-disable-next-line no-restricted-imports -- the decorators deferred here
import * as swagger from '@nestjs/swagger';

/**
 * @nestjs/swagger's decorators, run when the OpenAPI document is first made instead of as each class
 * loads (issue 31 item 1). They only feed the document, and their 1,300-odd uses (each copying its
 * options with lodash and rewriting reflect-metadata arrays) cost every start about a tenth of a
 * second of CPU that most starts never need. Each is recorded with its arguments and target as
 * TypeScript applies it, and all run in that same order before the document is made
 * (`applyOpenApiDecorators`), so the metadata the document reads is the same. Validation,
 * serialisation and Nest's routing read none of it. Code under apps/ imports these, not
 * @nestjs/swagger's (eslint.config.mjs).
 */

type AnyDecorator = (target: object, key?: string | symbol, descriptorOrIndex?: unknown) => unknown;

const pending: (() => void)[] = [];
let applied = false;

/** A decorator that `make()` gives, applied when the document is made (at once once it has been). */
export function deferred<D>(make: () => D): D {
  const decorator: AnyDecorator = (target, key, descriptorOrIndex) => {
    const apply = () => (make() as AnyDecorator)(target, key, descriptorOrIndex);
    if (applied) apply();
    else pending.push(apply);
  };
  return decorator as D;
}

/** Runs every decorator recorded so far, in the order they were met; later ones run at once. */
export function applyOpenApiDecorators(): void {
  applied = true;
  for (const apply of pending.splice(0)) apply();
}

/** The decorator factory `factory` with its decorators deferred. */
function defer<F extends (...args: never[]) => unknown>(factory: F): F {
  return ((...args: Parameters<F>) => deferred(() => factory(...args))) as F;
}

/**
 * A schema's custom name (`@ApiSchema({name})`), known as the class loads, for `getSchemaPath`:
 * the $refs written into decorators' options as classes load name the schema as the document does.
 */
const schemaNames = new WeakMap<object, string | undefined>();

export const ApiSchema: typeof swagger.ApiSchema = (options) => {
  const decorator = deferred(() => swagger.ApiSchema(options));
  return (target) => {
    schemaNames.set(target, options?.name); // the last one's name, as @nestjs/swagger reads it
    return decorator(target);
  };
};

/** `#/components/schemas/<name>`, the name as @nestjs/swagger's getSchemaPath gives it. */
export function getSchemaPath(model: string | (abstract new (...args: never[]) => unknown)): string {
  const name = typeof model === 'string' ? model : (schemaNames.get(model) ?? model.name);
  return `#/components/schemas/${name}`;
}

export const ApiAcceptedResponse = defer(swagger.ApiAcceptedResponse);
export const ApiBadRequestResponse = defer(swagger.ApiBadRequestResponse);
export const ApiBearerAuth = defer(swagger.ApiBearerAuth);
export const ApiBody = defer(swagger.ApiBody);
export const ApiConflictResponse = defer(swagger.ApiConflictResponse);
export const ApiConsumes = defer(swagger.ApiConsumes);
export const ApiCreatedResponse = defer(swagger.ApiCreatedResponse);
export const ApiExcludeEndpoint = defer(swagger.ApiExcludeEndpoint);
export const ApiExtraModels = defer(swagger.ApiExtraModels);
export const ApiForbiddenResponse = defer(swagger.ApiForbiddenResponse);
export const ApiHeader = defer(swagger.ApiHeader);
export const ApiNotFoundResponse = defer(swagger.ApiNotFoundResponse);
export const ApiOkResponse = defer(swagger.ApiOkResponse);
export const ApiOperation = defer(swagger.ApiOperation);
export const ApiPayloadTooLargeResponse = defer(swagger.ApiPayloadTooLargeResponse);
export const ApiProduces = defer(swagger.ApiProduces);
export const ApiProperty = defer(swagger.ApiProperty);
export const ApiPropertyOptional = defer(swagger.ApiPropertyOptional);
export const ApiQuery = defer(swagger.ApiQuery);
export const ApiResponse = defer(swagger.ApiResponse);
export const ApiServiceUnavailableResponse = defer(swagger.ApiServiceUnavailableResponse);
export const ApiTags = defer(swagger.ApiTags);
export const ApiUnauthorizedResponse = defer(swagger.ApiUnauthorizedResponse);
export const ApiUnprocessableEntityResponse = defer(swagger.ApiUnprocessableEntityResponse);
export const ApiUnsupportedMediaTypeResponse = defer(swagger.ApiUnsupportedMediaTypeResponse);

export type {
  ApiBodyOptions,
  ApiHeaderOptions,
  ApiPropertyOptions,
  ApiQueryOptions,
  ApiResponseOptions,
} from '@nestjs/swagger';
