import { Module, OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { DocumentsModule } from '../documents/documents.module';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { ChangeStockTransferHandler } from './stock-transfer-commands';
import { STOCK_TRANSFER_HISTORY } from './stock-transfer-history';
import { StockTransferLookups } from './stock-transfer-lookups';
import { StockTransferReads } from './stock-transfer-reads';
import { StockTransferWrites } from './stock-transfer-writes';
import { StockTransfersController } from './stock-transfers.controller';
import { TransferStock } from './transfer-stock';

/** Stock transfers: endpoints, history, their stock movements, and what they make locations keep. */
@Module({
  imports: [RecordsModule, DocumentsModule],
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
  constructor(private readonly references: References) {}

  /**
   * A location is kept by every transfer naming it (origin or destination, any state); variations
   * and their rows (at origin or destination) by the live transfers whose lines name them.
   */
  onModuleInit(): void {
    this.references.registerQueries('stock transfers', {
      location: ({ accountId, id }) => sql`select count(*) as n from stock_transfers
        where account_id = ${accountId}::uuid
          and (origin_location_id = ${id}::uuid or destination_location_id = ${id}::uuid)`,
      item_variation: ({
        accountId,
        id,
      }) => sql`select count(distinct stock_transfer_id) as n from stock_transfer_lines
        where account_id = ${accountId}::uuid and variation_id = ${id}::uuid`,
      item_variation_location: ({ accountId, id }) => sql`select count(distinct stock_transfer_id) as n
        from stock_transfer_lines where account_id = ${accountId}::uuid
          and (item_variation_location_id = ${Number(id)} or destination_item_variation_location_id = ${Number(id)})`,
    });
  }
}
