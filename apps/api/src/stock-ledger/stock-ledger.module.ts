import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module';
import { StockMovementReads } from './stock-movement-reads';
import { StockMovementsController } from './stock-movements.controller';

/** The stock ledger's endpoint: an item's movements (the `stock_ledger` read model). */
@Module({
  imports: [ItemsModule],
  controllers: [StockMovementsController],
  providers: [StockMovementReads],
})
export class StockLedgerModule {}
