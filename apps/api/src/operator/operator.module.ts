import { Module } from '@nestjs/common';
import { DATABASE, EVENT_STORE } from '../store/tokens';
import { RecordWriter } from '@app/runtime';
import { EventStore } from '@app/event-store';
import { Database, ProjectionRunner } from '@app/read-models';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin.guard';
import { OperatorActions } from '@app/runtime';
import { NotificationsController } from './notifications.controller';
import { ProjectionsController } from './projections.controller';
import { VerifyController } from './verify.controller';
import { VerifyRuns } from './verify-runs';

@Module({
  controllers: [AdminController, ProjectionsController, VerifyController, NotificationsController],
  providers: [
    AdminGuard,
    {
      provide: VerifyRuns,
      useFactory: (runner: ProjectionRunner, store: EventStore) => new VerifyRuns(runner, store),
      inject: [ProjectionRunner, EVENT_STORE],
    },
    {
      provide: OperatorActions,
      useFactory: (writer: RecordWriter, database: Database) => new OperatorActions(writer, database.db),
      inject: [RecordWriter, DATABASE],
    },
  ],
})
export class OperatorModule {}
