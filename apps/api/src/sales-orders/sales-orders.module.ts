import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { DocumentsModule } from '../documents/documents.module';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { DATABASE } from '../store/tokens';
import { ChangeSalesOrderHandler } from './sales-order-commands';
import { SalesOrderContexts } from './sales-order-context';
import { SalesOrderFulfillmentsController } from './sales-order-fulfillments.controller';
import { SALES_ORDER_HISTORY } from './sales-order-history';
import { SalesOrderLocations } from './sales-order-locations';
import { SalesOrderReads } from './sales-order-reads';
import { SalesOrderWrites } from './sales-order-writes';
import { SalesOrdersController } from './sales-orders.controller';

/** Sales orders: endpoints, packing lists, history, and what they make customers keep. */
@Module({
  imports: [RecordsModule, DocumentsModule],
  controllers: [
    SalesOrdersController,
    SalesOrderFulfillmentsController,
    historyController(SALES_ORDER_HISTORY),
  ],
  exports: [SalesOrderWrites, SalesOrderReads, SalesOrderContexts],
  providers: [
    SalesOrderContexts,
    SalesOrderLocations,
    SalesOrderReads,
    SalesOrderWrites,
    ChangeSalesOrderHandler,
  ],
})
export class SalesOrdersModule implements OnModuleInit {
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A customer with sales orders cannot be deleted. */
  onModuleInit(): void {
    this.references.register('customer', 'sales_orders', async ({ accountId, id }) => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from sales_orders
        where account_id = ${accountId}::uuid and customer_id = ${id}::uuid`.execute(this.database.db);
      return Number(rows[0].n);
    });
  }
}
