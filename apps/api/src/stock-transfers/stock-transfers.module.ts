import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { RawBuilder, sql } from 'kysely';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { DATABASE } from '../store/tokens';
import { ChangeStockTransferHandler } from './stock-transfer-commands';
import { STOCK_TRANSFER_HISTORY } from './stock-transfer-history';
import { StockTransferLookups } from './stock-transfer-lookups';
import { StockTransferReads } from './stock-transfer-reads';
import { StockTransferWrites } from './stock-transfer-writes';
import { StockTransfersController } from './stock-transfers.controller';
import { TransferStock } from './transfer-stock';

/** Stock transfers: endpoints, history, their stock movements, and what they make locations keep. */
@Module({
  imports: [RecordsModule],
  controllers: [StockTransfersController, historyController(STOCK_TRANSFER_HISTORY)],
  providers: [
    StockTransferLookups,
    StockTransferReads,
    StockTransferWrites,
    TransferStock,
    ChangeStockTransferHandler,
  ],
  exports: [StockTransferWrites, StockTransferReads],
})
export class StockTransfersModule implements OnModuleInit {
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /**
   * A location is kept by every transfer naming it (origin or destination, any state); variations
   * and their rows (at origin or destination) by the live transfers whose lines name them.
   */
  onModuleInit(): void {
    this.references.register('location', 'stock transfers', ({ accountId, id }) =>
      this.count(sql`select count(*) as n from stock_transfers where account_id = ${accountId}::uuid
        and (origin_location_id = ${id}::uuid or destination_location_id = ${id}::uuid)`),
    );
    this.references.register('item_variation', 'stock transfers', ({ accountId, id }) =>
      this.count(sql`select count(distinct stock_transfer_id) as n from stock_transfer_lines
        where account_id = ${accountId}::uuid and variation_id = ${id}::uuid`),
    );
    this.references.register('item_variation_location', 'stock transfers', ({ accountId, id }) =>
      this.count(sql`select count(distinct stock_transfer_id) as n from stock_transfer_lines
        where account_id = ${accountId}::uuid and (item_variation_location_id = ${Number(id)}
          or destination_item_variation_location_id = ${Number(id)})`),
    );
  }

  private async count(query: RawBuilder<{ n: string }>): Promise<number> {
    const { rows } = await query.execute(this.database.db);
    return Number(rows[0].n);
  }
}
