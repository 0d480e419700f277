import { Module, OnModuleInit } from '@nestjs/common';
import { SALES_ORDER_STATUS } from '@app/domain';
import { sql } from 'kysely';
import { DocumentsModule } from '../documents/documents.module';
import { lineReferences, partyReferences } from '../documents/document-references';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { ChangeSalesOrderHandler } from './sales-order-commands';
import { SalesOrderContexts } from './sales-order-context';
import { SalesOrderFulfillmentsController } from './sales-order-fulfillments.controller';
import { SALES_ORDER_HISTORY } from './sales-order-history';
import { SalesOrderLocations } from './sales-order-locations';
import { SalesOrderReads } from './sales-order-reads';
import { SalesOrderWrites } from './sales-order-writes';
import { SalesOrdersController } from './sales-orders.controller';

/** Sales orders: endpoints, packing lists, history, and what they make customers and locations keep. */
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
  constructor(private readonly references: References) {}

  /**
   * Customers keep their sales orders; variations and their rows the orders' lines naming them;
   * locations the open orders placed there or with a line counted there (a closed or fully shipped
   * order has nothing left to pack or ship there: docs/api-conventions.md, Sales orders).
   */
  onModuleInit(): void {
    this.references.registerQueries('sales_orders', partyReferences('customer', 'sales_orders'));
    this.references.registerQueries('sales orders', {
      location: ({ accountId, id }) => sql`select count(*) as n from sales_orders s
        where s.account_id = ${accountId}::uuid and s.status_id = ${SALES_ORDER_STATUS.open}
          and s.shipped_percent is distinct from 100
          and (s.location_id = ${id}::uuid or exists (select 1 from sales_order_quantities q
            where q.sales_order_id = s.id and q.location_id = ${id}::uuid))`,
      ...lineReferences({ table: 'sales_order_quantities', documentId: 'sales_order_id' }),
    });
  }
}
