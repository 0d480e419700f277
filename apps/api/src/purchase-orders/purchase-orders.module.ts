import { Module, OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { DocumentsModule } from '../documents/documents.module';
import { partyReferences } from '../documents/document-references';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { ChangePurchaseOrderHandler } from './purchase-order-commands';
import { PurchaseOrderContexts } from './purchase-order-context';
import { PURCHASE_ORDER_HISTORY } from './purchase-order-history';
import { PurchaseOrderLocations } from './purchase-order-locations';
import { PurchaseOrderPaymentsController } from './purchase-order-payments.controller';
import { PurchaseOrderReads } from './purchase-order-reads';
import { PurchaseOrderWrites } from './purchase-order-writes';
import { PurchaseOrdersController } from './purchase-orders.controller';

/** Purchase orders: endpoints, payments, history, and what they make suppliers and locations keep. */
@Module({
  imports: [RecordsModule, DocumentsModule],
  controllers: [
    PurchaseOrdersController,
    PurchaseOrderPaymentsController,
    historyController(PURCHASE_ORDER_HISTORY),
  ],
  providers: [
    PurchaseOrderContexts,
    PurchaseOrderLocations,
    PurchaseOrderReads,
    PurchaseOrderWrites,
    ChangePurchaseOrderHandler,
  ],
})
export class PurchaseOrdersModule implements OnModuleInit {
  constructor(private readonly references: References) {}

  /** Suppliers, locations, variations and their rows keep the purchase orders naming them. */
  onModuleInit(): void {
    this.references.registerQueries('purchase_orders', partyReferences('supplier', 'purchase_orders'));
    this.references.registerQueries('purchase orders', {
      location: ({ accountId, id }) => sql`select count(*) as n from purchase_orders
        where account_id = ${accountId}::uuid and location_id = ${id}::uuid`,
      item_variation_location: ({ accountId, id }) => sql`select count(*) as n from purchase_orders
        where account_id = ${accountId}::uuid
          and variation_location_ids @> jsonb_build_array(${Number(id)}::integer)`,
      item_variation: ({ accountId, id }) => sql`select count(*) as n from purchase_orders p
        where p.account_id = ${accountId}::uuid and exists (select 1 from item_variation_locations r
          where r.variation_id = ${id}::uuid
            and p.variation_location_ids @> jsonb_build_array(r.item_variation_location_id))`,
    });
  }
}
