import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ApiError } from './api-error';
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

function isPlainObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
