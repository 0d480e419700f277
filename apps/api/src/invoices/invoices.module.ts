import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { ChangeInvoiceHandler } from './invoice-commands';
import { InvoiceContexts } from './invoice-context';
import { InvoiceFulfillmentsController } from './invoice-fulfillments.controller';
import { INVOICE_HISTORY } from './invoice-history';
import { InvoiceParties } from './invoice-party';
import { InvoicePaymentsController } from './invoice-payments.controller';
import { InvoiceReads } from './invoice-reads';
import { InvoiceWrites } from './invoice-writes';
import { InvoicesController } from './invoices.controller';

/** Invoices: endpoints, payments, packing lists and history. */
@Module({
  imports: [RecordsModule, DocumentsModule],
  controllers: [
    InvoicesController,
    InvoicePaymentsController,
    InvoiceFulfillmentsController,
    historyController(INVOICE_HISTORY),
  ],
  providers: [InvoiceParties, InvoiceContexts, InvoiceReads, InvoiceWrites, ChangeInvoiceHandler],
})
export class InvoicesModule {}
