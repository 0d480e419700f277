import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { DocumentsModule } from '../documents/documents.module';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { DATABASE } from '../store/tokens';
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
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A customer with invoices cannot be deleted. */
  onModuleInit(): void {
    this.references.register('customer', 'invoices', async ({ accountId, id }) => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from invoices
        where account_id = ${accountId}::uuid and customer_id = ${id}::uuid`.execute(this.database.db);
      return Number(rows[0].n);
    });
  }
}
