import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { SALES_ORDER_STATUS } from '@app/domain';
import { Database } from '@app/read-models';
import { RawBuilder, sql } from 'kysely';
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
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /**
   * Customers keep their sales orders; variations and their rows the orders' lines naming them;
   * locations the open orders placed there or with a line counted there (a closed or fully shipped
   * order has nothing left to pack or ship there: docs/api-conventions.md, Sales orders).
   */
  onModuleInit(): void {
    this.references.register('customer', 'sales_orders', ({ accountId, id }) =>
      this.count(sql`select count(*) as n from sales_orders
        where account_id = ${accountId}::uuid and customer_id = ${id}::uuid`),
    );
    this.references.register('location', 'sales orders', ({ accountId, id }) =>
      this.count(sql`select count(*) as n from sales_orders s
        where s.account_id = ${accountId}::uuid and s.status_id = ${SALES_ORDER_STATUS.open}
          and s.shipped_percent is distinct from 100
          and (s.location_id = ${id}::uuid or exists (select 1 from sales_order_quantities q
            where q.sales_order_id = s.id and q.location_id = ${id}::uuid))`),
    );
    this.references.register('item_variation_location', 'sales orders', ({ accountId, id }) =>
      this.count(sql`select count(distinct sales_order_id) as n from sales_order_quantities
        where account_id = ${accountId}::uuid and item_variation_location_id = ${Number(id)}`),
    );
    this.references.register('item_variation', 'sales orders', ({ accountId, id }) =>
      this.count(sql`select count(distinct sales_order_id) as n from sales_order_quantities
        where account_id = ${accountId}::uuid and item_variation_location_id in
          (select item_variation_location_id from item_variation_locations where variation_id = ${id}::uuid)`),
    );
  }

  private async count(query: RawBuilder<{ n: string }>): Promise<number> {
    const { rows } = await query.execute(this.database.db);
    return Number(rows[0].n);
  }
}
