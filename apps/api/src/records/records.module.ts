import { Module } from '@nestjs/common';
import { AssignableUsers } from './assignable-users';
import { RecordLimit } from './record-limit';

/** What every resource of an account's records shares: the record limit and assignable users. */
@Module({ providers: [RecordLimit, AssignableUsers], exports: [RecordLimit, AssignableUsers] })
export class RecordsModule {}
