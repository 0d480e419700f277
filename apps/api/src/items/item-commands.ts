import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ItemCommand, ItemInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { ItemRead, ItemReads } from './item-reads';
import { AdjustmentInput, ItemWrites, ItemWritten } from './item-writes';

/** What a controller asks of an item: a creation, a command on one item, or a stock adjustment. */
export type ItemChange =
  | { kind: 'create'; input: ItemInput }
  | { kind: 'command'; id: string; command: ItemCommand; ifMatch?: number }
  | { kind: 'adjust'; id: string; input: AdjustmentInput; ifMatch?: number };

/** Any write of an item; answers the whole item and its revision. */
export class ChangeItem extends Command<ItemRead> {
  constructor(
    readonly actor: Actor,
    readonly change: ItemChange,
  ) {
    super();
  }
}

@CommandHandler(ChangeItem)
export class ChangeItemHandler implements ICommandHandler<ChangeItem, ItemRead> {
  constructor(
    private readonly writes: ItemWrites,
    private readonly reads: ItemReads,
  ) {}

  async execute({ actor, change }: ChangeItem): Promise<ItemRead> {
    const { record, revision } = await this.write(actor, change);
    return { body: await this.reads.render(actor, record, revision), revision };
  }

  private write(actor: Actor, change: ItemChange): Promise<ItemWritten> {
    switch (change.kind) {
      case 'create':
        return this.writes.create(actor, change.input);
      case 'command':
        return this.writes.change(actor, change.id, change.command, change.ifMatch);
      case 'adjust':
        return this.writes.adjust(actor, change.id, change.input, change.ifMatch);
    }
  }
}
