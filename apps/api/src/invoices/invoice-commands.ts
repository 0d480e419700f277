import { InvoiceCommand, InvoiceInput } from '@app/domain';
import { documentCommand } from '../documents/document-commands';
import { InvoiceWrites, InvoiceWritten } from './invoice-writes';

/** Any command on an invoice: a create (no id yet) or a command on an existing one. */
export const { command: ChangeInvoice, handler: ChangeInvoiceHandler } = documentCommand<
  InvoiceInput,
  InvoiceCommand,
  InvoiceWritten
>('Invoice', InvoiceWrites);
