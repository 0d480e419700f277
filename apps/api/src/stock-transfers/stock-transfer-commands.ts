import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { StockTransferCommand, StockTransferInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { StockTransferWrites, StockTransferWritten } from './stock-transfer-writes';

/** Any command on a stock transfer: a create (no id yet) or a command on an existing one. */
export class ChangeStockTransfer extends Command<StockTransferWritten> {
  constructor(
    readonly actor: Actor,
    readonly change:
      { create: StockTransferInput } | { id: string; command: StockTransferCommand; ifMatch?: number },
  ) {
    super();
  }
}

@CommandHandler(ChangeStockTransfer)
export class ChangeStockTransferHandler implements ICommandHandler<
  ChangeStockTransfer,
  StockTransferWritten
> {
  constructor(private readonly writes: StockTransferWrites) {}

  execute({ actor, change }: ChangeStockTransfer): Promise<StockTransferWritten> {
    if ('create' in change) return this.writes.create(actor, change.create);
    return this.writes.change(actor, change.id, change.command, change.ifMatch);
  }
}
