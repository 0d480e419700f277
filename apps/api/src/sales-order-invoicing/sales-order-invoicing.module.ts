import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module';
import { RecordsModule } from '../records/records.module';
import { SalesOrdersModule } from '../sales-orders/sales-orders.module';
import { SalesOrderInvoicing } from './sales-order-invoicing';
import { SalesOrderInvoicingController } from './sales-order-invoicing.controller';

/** Invoices made from sales orders: the invoicing, and the list of an order's invoices. */
@Module({
  imports: [RecordsModule, SalesOrdersModule, InvoicesModule],
  controllers: [SalesOrderInvoicingController],
  providers: [SalesOrderInvoicing],
})
export class SalesOrderInvoicingModule {}
