import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from './decorators';

/*
 * Property decorators for the response schemas, in the specification's words (documents-api §1.2):
 * money is a string with four decimals, a rate a string with three, dates `YYYY-MM-DD`,
 * timestamps ISO 8601. `nullable` for a field that can be null; `required: false` for one that is
 * left out (not null) in some answers.
 */

type Extra = Omit<ApiPropertyOptions, 'type'> & { nullable?: boolean; required?: boolean };

function stringWith(extra: Record<string, unknown>, options: Extra = {}) {
  return ApiProperty({ type: 'string', ...extra, ...options } as ApiPropertyOptions);
}

/** `"120.0000"`: a signed amount with four decimals. */
export const MoneyProperty = (options: Extra = {}) =>
  stringWith({ pattern: '^-?\\d+\\.\\d{4}$', example: '120.0000', description: 'Four decimals' }, options);

/** `"8.875"`: a percentage with three decimals. */
export const RateProperty = (options: Extra = {}) =>
  stringWith(
    { pattern: '^-?\\d+\\.\\d{3}$', example: '8.875', description: 'A percentage, three decimals' },
    options,
  );

/** `"2030-01-10"`. */
export const DateProperty = (options: Extra = {}) =>
  stringWith({ format: 'date', example: '2030-01-10' }, options);

/** An ISO 8601 timestamp. */
export const TimestampProperty = (options: Extra = {}) =>
  stringWith({ format: 'date-time', example: '2030-01-10T09:30:00.000Z' }, options);

/** A UUID. */
export const IdProperty = (options: Extra = {}) => stringWith({ format: 'uuid' }, options);

/** A plain string, nullable unless said otherwise. */
export const TextProperty = (options: Extra = {}) => stringWith({}, { nullable: true, ...options });

/** The `object` field naming a resource's kind. */
export const ObjectProperty = (object: string | string[], options: Extra = {}) =>
  ApiProperty({
    type: 'string',
    enum: Array.isArray(object) ? object : [object],
    ...options,
  } as ApiPropertyOptions);

/** An integer. */
export const IntegerProperty = (options: Extra = {}) =>
  ApiProperty({ type: 'integer', ...options } as ApiPropertyOptions);

/** A value of one of `values`; a nullable one lists null among them too, as OpenAPI 3.0 asks. */
export const EnumProperty = (values: readonly (string | number)[], options: Extra = {}) =>
  ApiProperty({
    enum: options.nullable ? [...values, null] : [...values],
    type: typeof values[0] === 'number' ? 'integer' : 'string',
    ...options,
  } as ApiPropertyOptions);

/** Several decorators under one name, for the schema classes. */
export const Property = (...decorators: PropertyDecorator[]) => applyDecorators(...decorators);

/** A decimal a request may give as a JSON number or a numeric string (documents-api §1.2). */
export const DECIMAL_INPUT = {
  oneOf: [{ type: 'number' }, { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }],
};

/** The same, or null. */
export const NULLABLE_DECIMAL_INPUT = {
  oneOf: [{ type: 'number' }, { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', nullable: true }],
};
