import { Module } from '@nestjs/common';
import { RecordsModule } from '../records/records.module';
import { DocumentContexts } from './document-context';
import { DocumentLineSkus } from './document-line-skus';
import { DocumentLookups } from './document-lookups';
import { DocumentNumbers } from './document-numbers';
import { DocumentParties } from './document-parties';

/** What every sales document's endpoints share: lookups, decision contexts, numbering, the customer's and the lines' items' live values. */
@Module({
  imports: [RecordsModule],
  providers: [DocumentLookups, DocumentContexts, DocumentNumbers, DocumentParties, DocumentLineSkus],
  exports: [DocumentLookups, DocumentContexts, DocumentNumbers, DocumentParties, DocumentLineSkus],
})
export class DocumentsModule {}
