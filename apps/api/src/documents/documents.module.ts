import { Module } from '@nestjs/common';
import { RecordsModule } from '../records/records.module';
import { DocumentContexts } from './document-context';
import { DocumentLookups } from './document-lookups';
import { DocumentNumbers } from './document-numbers';

/** What every sales document's endpoints share: lookups, decision contexts, numbering. */
@Module({
  imports: [RecordsModule],
  providers: [DocumentLookups, DocumentContexts, DocumentNumbers],
  exports: [DocumentLookups, DocumentContexts, DocumentNumbers],
})
export class DocumentsModule {}
