import { Body, PipeTransform, Type } from '@nestjs/common';
import { ArgumentMetadata } from '@nestjs/common';
import { ValidationPipe } from './validation.pipe';

const validation = new ValidationPipe();

/**
 * @Body() validated as `dto`, for controllers built by a factory: there the parameter's TypeScript
 * type is generic, so the metadata the global pipe reads says only Object.
 */
export function BodyOf(dto: Type<object>): ParameterDecorator {
  const pipe: PipeTransform = {
    transform: (value: unknown, metadata: ArgumentMetadata) =>
      validation.transform(value, { ...metadata, metatype: dto }),
  };
  return Body(pipe);
}
