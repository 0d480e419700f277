import { Module, OnModuleInit } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { partyReferences } from '../documents/document-references';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { ChangeInvoiceHandler } from './invoice-commands';
import { InvoiceContexts } from './invoice-context';
import { InvoiceFulfillmentsController } from './invoice-fulfillments.controller';
import { INVOICE_HISTORY } from './invoice-history';
import { InvoicePaymentsController } from './invoice-payments.controller';
import { InvoiceReads } from './invoice-reads';
import { InvoiceWrites } from './invoice-writes';
import { UniqueUnits } from './unique-units';
import { InvoicesController } from './invoices.controller';

/** Invoices: endpoints, payments, packing lists, history, and what they make customers keep. */
@Module({
  imports: [RecordsModule, DocumentsModule],
  controllers: [
    InvoicesController,
    InvoicePaymentsController,
    InvoiceFulfillmentsController,
    historyController(INVOICE_HISTORY),
  ],
  exports: [InvoiceReads, UniqueUnits],
  providers: [InvoiceContexts, InvoiceReads, InvoiceWrites, UniqueUnits, ChangeInvoiceHandler],
})
export class InvoicesModule implements OnModuleInit {
  constructor(private readonly references: References) {}

  /** A customer with invoices cannot be deleted. */
  onModuleInit(): void {
    this.references.registerQueries('invoices', partyReferences('customer', 'invoices'));
  }
}
