import { Module } from '@nestjs/common';
import { DATABASE } from '../store/tokens';
import { RecordWriter } from '../commands/record-writer';
import { Database } from '@app/read-models';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin.guard';
import { OperatorActions } from './operator-actions';
import { ProjectionsController } from './projections.controller';

@Module({
  controllers: [AdminController, ProjectionsController],
  providers: [
    AdminGuard,
    {
      provide: OperatorActions,
      useFactory: (writer: RecordWriter, database: Database) => new OperatorActions(writer, database.db),
      inject: [RecordWriter, DATABASE],
    },
  ],
})
export class OperatorModule {}
