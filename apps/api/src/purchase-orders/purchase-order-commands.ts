import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PurchaseOrderCommand, PurchaseOrderInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { PurchaseOrderWrites, PurchaseOrderWritten } from './purchase-order-writes';

/** Any command on a purchase order: a create (no id yet) or a command on an existing one. */
export class ChangePurchaseOrder extends Command<PurchaseOrderWritten> {
  constructor(
    readonly actor: Actor,
    readonly change:
      { create: PurchaseOrderInput } | { id: string; command: PurchaseOrderCommand; ifMatch?: number },
  ) {
    super();
  }
}

@CommandHandler(ChangePurchaseOrder)
export class ChangePurchaseOrderHandler implements ICommandHandler<
  ChangePurchaseOrder,
  PurchaseOrderWritten
> {
  constructor(private readonly writes: PurchaseOrderWrites) {}

  execute({ actor, change }: ChangePurchaseOrder): Promise<PurchaseOrderWritten> {
    if ('create' in change) return this.writes.create(actor, change.create);
    return this.writes.change(actor, change.id, change.command, change.ifMatch);
  }
}
