import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { RawBuilder, sql } from 'kysely';
import { historyController } from '../history';
import { References } from '../records/references';
import { RecordsModule } from '../records/records.module';
import { DATABASE } from '../store/tokens';
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
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** Customers keep their estimates; variations and their rows the open estimates' lines naming them. */
  onModuleInit(): void {
    this.references.register('customer', 'estimates', ({ accountId, id }) =>
      this.count(sql`select count(*) as n from estimates
        where account_id = ${accountId}::uuid and customer_id = ${id}::uuid`),
    );
    this.references.register('item_variation_location', 'estimates', ({ accountId, id }) =>
      this.count(sql`select count(distinct estimate_id) as n from estimate_quantities
        where account_id = ${accountId}::uuid and item_variation_location_id = ${Number(id)}`),
    );
    this.references.register('item_variation', 'estimates', ({ accountId, id }) =>
      this.count(sql`select count(distinct estimate_id) as n from estimate_quantities
        where account_id = ${accountId}::uuid and item_variation_location_id in
          (select item_variation_location_id from item_variation_locations where variation_id = ${id}::uuid)`),
    );
  }

  private async count(query: RawBuilder<{ n: string }>): Promise<number> {
    const { rows } = await query.execute(this.database.db);
    return Number(rows[0].n);
  }
}
