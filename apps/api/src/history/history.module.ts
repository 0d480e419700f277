import { Global, Module } from '@nestjs/common';
import { FieldHistory } from './field-history';
import { RecordHistory } from './record-history';

/** RecordHistory and FieldHistory for every resource module: a resource only declares its history. */
@Global()
@Module({ providers: [RecordHistory, FieldHistory], exports: [RecordHistory, FieldHistory] })
export class HistoryModule {}
