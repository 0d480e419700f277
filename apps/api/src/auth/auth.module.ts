import { Global, Module } from '@nestjs/common';
import { RateLimits } from '../http/rate-limits';
import { OperationsModule } from '../operations/operations.module';
import { AccessGuard } from './access.guard';
import { ApiKeyAuthenticator } from './api-key-authenticator';

/** Bearer-key authentication, the keys' request budgets and the @Access rule, for every resource module. */
@Global()
@Module({
  imports: [OperationsModule],
  providers: [ApiKeyAuthenticator, RateLimits, AccessGuard],
  exports: [ApiKeyAuthenticator, RateLimits, AccessGuard],
})
export class AuthModule {}
