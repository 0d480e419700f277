import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ErrorEnvelopeFilter } from './error-envelope.filter';
import { QueryFreeRoutesInterceptor } from './query-free-routes.interceptor';
import { ValidationPipe } from './validation.pipe';

/** What every route gets: the error envelope, DTO validation, no query string where none is read. */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
    { provide: APP_PIPE, useClass: ValidationPipe },
    QueryFreeRoutesInterceptor, // on its routes only (createApp, interceptWhereTheyAct)
  ],
})
export class HttpConventionsModule {}
