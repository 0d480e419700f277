import { Module } from '@nestjs/common';
import { EstimatesModule } from '../estimates/estimates.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { RecordsModule } from '../records/records.module';
import { SalesOrdersModule } from '../sales-orders/sales-orders.module';
import { ConversionsController } from './conversions.controller';
import { EstimateConversions } from './estimate-conversions';

/** Steps that turn one document into another, and what completes them after a crash. */
@Module({
  imports: [RecordsModule, EstimatesModule, InvoicesModule, SalesOrdersModule],
  controllers: [ConversionsController],
  providers: [EstimateConversions],
  exports: [EstimateConversions],
})
export class ConversionsModule {}
