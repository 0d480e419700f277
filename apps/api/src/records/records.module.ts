import { Global, Module } from '@nestjs/common';
import { AssignableUsers } from './assignable-users';
import { RecordLimit } from './record-limit';
import { References } from './references';

/**
 * What every resource of an account's records shares: the record limit, assignable users, and the
 * registry of dependents that delete rules consult.
 */
@Global()
@Module({
  providers: [RecordLimit, AssignableUsers, References],
  exports: [RecordLimit, AssignableUsers, References],
})
export class RecordsModule {}
