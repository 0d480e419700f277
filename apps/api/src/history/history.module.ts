import { Global, Module } from '@nestjs/common';
import { RecordHistory } from './record-history';

/** RecordHistory for every resource module: a resource only declares its history. */
@Global()
@Module({ providers: [RecordHistory], exports: [RecordHistory] })
export class HistoryModule {}
