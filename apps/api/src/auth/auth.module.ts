import { Global, Module } from '@nestjs/common';
import { AccessGuard } from './access.guard';
import { ApiKeyAuthenticator } from './api-key-authenticator';

/** Bearer-key authentication and the @Access rule, for every resource module. */
@Global()
@Module({
  providers: [ApiKeyAuthenticator, AccessGuard],
  exports: [ApiKeyAuthenticator, AccessGuard],
})
export class AuthModule {}
