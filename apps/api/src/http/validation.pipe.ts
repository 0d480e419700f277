import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ApiError } from '@app/runtime';
import { unsupportedFieldCodeOf } from './unsupported-field-code';
import { fieldProblems, validationError } from './validation-errors';

/* eslint-disable @typescript-eslint/no-explicit-any */

const PLAIN_TYPES: unknown[] = [String, Boolean, Number, Array, Object, Buffer];

/**
 * Validates every @Body() and @Query() typed by a DTO class: fields outside the DTO are rejected,
 * never stripped or ignored; nested DTOs (ValidateNested + Type) are validated too.
 */
@Injectable()
export class ValidationPipe implements PipeTransform {
  async transform(value: unknown, { metatype, type }: ArgumentMetadata): Promise<unknown> {
    if (type === 'param' || type === 'custom' || !metatype || PLAIN_TYPES.includes(metatype)) return value;
    // No body at all (no Content-Type) reads as an empty object: the required fields then say what is missing.
    const input = type === 'body' && value === undefined ? {} : value;
    if (!isPlainObject(input)) {
      throw new ApiError(422, 'validation_failed', 'The request body must be a JSON object.');
    }
    const unreadable = unreadableKey(input);
    if (unreadable !== undefined) {
      const problem = { param: unreadable, message: `Unsupported field: ${unreadable}.`, unsupported: true };
      throw validationError([problem], type, unsupportedFieldCodeOf(metatype));
    }
    const instance = plainToInstance(metatype as new () => object, input);
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: false, // a DTO with no field is valid: its whitelist rejects every field
      validationError: { target: false, value: false },
    });
    if (errors.length > 0) {
      throw validationError(fieldProblems(errors), type, unsupportedFieldCodeOf(metatype));
    }
    return instance;
  }
}

/**
 * class-transformer silently drops these keys, and throws on a nested object whose own `constructor`
 * is not a function: wherever they are, they are refused as unsupported fields instead.
 */
const UNREADABLE_KEYS = new Set(['constructor', '__proto__']);

/** The dotted path of the first such key (`lines.0.constructor`), walked without recursion. */
function unreadableKey(input: object): string | undefined {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const param = path ? `${path}.${key}` : key;
      if (UNREADABLE_KEYS.has(key)) return param;
      pending.push([child, param]);
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
