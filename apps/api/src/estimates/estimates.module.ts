import { Module, OnModuleInit } from '@nestjs/common';
import { lineReferences, partyReferences } from '../documents/document-references';
import { historyController } from '../history';
import { References } from '../records/references';
import { RecordsModule } from '../records/records.module';
import { ChangeEstimateHandler } from './estimate-commands';
import { EstimateContexts } from './estimate-context';
import { EstimateExpiries } from './estimate-expiries';
import { EstimateExpirySweeper } from './estimate-expiry-sweeper';
import { ESTIMATE_HISTORY } from './estimate-history';
import { DocumentsModule } from '../documents/documents.module';
import { EstimateReads } from './estimate-reads';
import { EstimateWrites } from './estimate-writes';
import { EstimatesController } from './estimates.controller';

/** Estimates: endpoints, history, and what they make customers keep (their delete rule). */
@Module({
  imports: [RecordsModule, DocumentsModule],
  controllers: [EstimatesController, historyController(ESTIMATE_HISTORY)],
  exports: [EstimateContexts, EstimateExpiries],
  providers: [
    EstimateContexts,
    EstimateExpiries,
    EstimateExpirySweeper,
    EstimateReads,
    EstimateWrites,
    ChangeEstimateHandler,
  ],
})
export class EstimatesModule implements OnModuleInit {
  constructor(private readonly references: References) {}

  /** Customers keep their estimates; variations and their rows the open estimates' lines naming them. */
  onModuleInit(): void {
    this.references.registerQueries('estimates', {
      ...partyReferences('customer', 'estimates'),
      ...lineReferences({ table: 'estimate_quantities', documentId: 'estimate_id' }),
    });
  }
}
