import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SalesOrderCommand, SalesOrderInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { SalesOrderWrites, SalesOrderWritten } from './sales-order-writes';

/** Any command on a sales order: a create (no id yet) or a command on an existing one. */
export class ChangeSalesOrder extends Command<SalesOrderWritten> {
  constructor(
    readonly actor: Actor,
    readonly change:
      { create: SalesOrderInput } | { id: string; command: SalesOrderCommand; ifMatch?: number },
  ) {
    super();
  }
}

@CommandHandler(ChangeSalesOrder)
export class ChangeSalesOrderHandler implements ICommandHandler<ChangeSalesOrder, SalesOrderWritten> {
  constructor(private readonly writes: SalesOrderWrites) {}

  execute({ actor, change }: ChangeSalesOrder): Promise<SalesOrderWritten> {
    if ('create' in change) return this.writes.create(actor, change.create);
    return this.writes.change(actor, change.id, change.command, change.ifMatch);
  }
}
