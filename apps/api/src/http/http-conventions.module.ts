import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ErrorEnvelopeFilter } from './error-envelope.filter';
import { ValidationPipe } from './validation.pipe';

/** What every route gets: the error envelope and DTO validation. */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
    { provide: APP_PIPE, useClass: ValidationPipe },
  ],
})
export class HttpConventionsModule {}
