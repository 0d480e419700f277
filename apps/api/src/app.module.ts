import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { DestinationStream } from 'pino';
import { CqrsModule } from '@nestjs/cqrs';
import { ApiConfig } from '@app/runtime';
import { HttpConventionsModule } from './http/http-conventions.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { AuthModule } from './auth/auth.module';
import { HistoryModule } from './history/history.module';
import { OperationsModule } from './operations/operations.module';
import { OperatorModule } from './operator/operator.module';
import { PartiesModule } from './parties/parties.module';
import { ContactsModule } from './contacts/contacts.module';
import { EstimatesModule } from './estimates/estimates.module';
import { InvoicesModule } from './invoices/invoices.module';
import { SalesOrdersModule } from './sales-orders/sales-orders.module';
import { StockTransfersModule } from './stock-transfers/stock-transfers.module';
import { StockLedgerModule } from './stock-ledger/stock-ledger.module';
import { PurchaseOrdersModule } from './purchase-orders/purchase-orders.module';
import { ConversionsModule } from './conversions/conversions.module';
import { SalesOrderInvoicingModule } from './sales-order-invoicing/sales-order-invoicing.module';
import { ChangesModule } from './changes/changes.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { AccountEventsModule } from './account-events/account-events.module';
import { LocationsModule } from './locations/locations.module';
import { ItemCategoriesModule } from './item-categories/item-categories.module';
import { ItemPhotosModule } from './items/photos/item-photos.module';
import { ItemsModule } from './items/items.module';
import { ItemVariationsModule } from './items/variations/item-variations.module';
import { VariationAttributesModule } from './variation-attributes/variation-attributes.module';
import { requestLogModule } from './operations/request-log';
import { StoreModule, StoreModuleOptions } from './store/store.module';

export interface AppModuleOptions extends StoreModuleOptions {
  /** Modules beside the app's own: tests add fixture controllers this way. */
  imports?: ModuleMetadata['imports'];
  /** Where logs go (stdout by default): tests read the request lines this way. */
  logDestination?: DestinationStream;
}

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        requestLogModule(config, options.logDestination),
        CqrsModule.forRoot(),
        StoreModule.forRoot(config, options),
        HttpConventionsModule,
        OperationsModule,
        AuthModule,
        IdempotencyModule,
        HistoryModule,
        OperatorModule,
        PartiesModule,
        ContactsModule,
        LocationsModule,
        ItemCategoriesModule,
        ItemPhotosModule,
        ItemsModule,
        ItemVariationsModule,
        VariationAttributesModule,
        EstimatesModule,
        InvoicesModule,
        SalesOrdersModule,
        StockTransfersModule,
        StockLedgerModule,
        PurchaseOrdersModule,
        ConversionsModule,
        SalesOrderInvoicingModule,
        ChangesModule,
        WebhooksModule,
        AccountEventsModule,
        ...(options.imports ?? []),
      ],
    };
  }
}
