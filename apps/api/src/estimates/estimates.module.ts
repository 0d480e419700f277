import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { historyController } from '../history';
import { References } from '../records/references';
import { RecordsModule } from '../records/records.module';
import { DATABASE } from '../store/tokens';
import { ChangeEstimateHandler } from './estimate-commands';
import { EstimateContexts } from './estimate-context';
import { ESTIMATE_HISTORY } from './estimate-history';
import { EstimateLookups } from './estimate-lookups';
import { EstimateReads } from './estimate-reads';
import { EstimateWrites } from './estimate-writes';
import { EstimatesController } from './estimates.controller';

/** Estimates: endpoints, history, and what they make customers keep (their delete rule). */
@Module({
  imports: [RecordsModule],
  controllers: [EstimatesController, historyController(ESTIMATE_HISTORY)],
  providers: [EstimateLookups, EstimateContexts, EstimateReads, EstimateWrites, ChangeEstimateHandler],
})
export class EstimatesModule implements OnModuleInit {
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  onModuleInit(): void {
    this.references.register('customer', 'estimates', async ({ accountId, id }) => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from estimates
        where account_id = ${accountId}::uuid and customer_id = ${id}::uuid`.execute(this.database.db);
      return Number(rows[0].n);
    });
  }
}
