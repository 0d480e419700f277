import { Global, Module } from '@nestjs/common';
import { AssignableUsers } from './assignable-users';
import { Numbering } from './numbering';
import { RecordLimit } from './record-limit';
import { References } from './references';

/**
 * What every resource of an account's records shares: the record limit, assignable users, the
 * registry of dependents that delete rules consult, and per-account numbering.
 */
@Global()
@Module({
  providers: [RecordLimit, AssignableUsers, References, Numbering],
  exports: [RecordLimit, AssignableUsers, References, Numbering],
})
export class RecordsModule {}
