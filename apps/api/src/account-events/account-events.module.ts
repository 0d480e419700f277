import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { AccountEventsController } from './account-events.controller';
import { AccountLog } from './account-log';

/** GET /api/v3/events: the account's log for auditors. */
@Module({
  imports: [ChangesModule],
  controllers: [AccountEventsController],
  providers: [AccountLog],
})
export class AccountEventsModule {}
