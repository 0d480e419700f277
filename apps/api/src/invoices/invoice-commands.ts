import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InvoiceCommand, InvoiceInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { InvoiceWrites, InvoiceWritten } from './invoice-writes';

/** Any command on an invoice: a create (no id yet) or a command on an existing one. */
export class ChangeInvoice extends Command<InvoiceWritten> {
  constructor(
    readonly actor: Actor,
    readonly change: { create: InvoiceInput } | { id: string; command: InvoiceCommand; ifMatch?: number },
  ) {
    super();
  }
}

@CommandHandler(ChangeInvoice)
export class ChangeInvoiceHandler implements ICommandHandler<ChangeInvoice, InvoiceWritten> {
  constructor(private readonly writes: InvoiceWrites) {}

  execute({ actor, change }: ChangeInvoice): Promise<InvoiceWritten> {
    if ('create' in change) return this.writes.create(actor, change.create);
    return this.writes.change(actor, change.id, change.command, change.ifMatch);
  }
}
