import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PartyKind } from './party-kind';
import { PartyAnswer, PartyChange, PartyWrites } from './party-writes';

/** Any command on a customer or supplier (create, update, archive, restore, delete). */
export class ChangeParty extends Command<PartyAnswer> {
  constructor(
    readonly kind: PartyKind<any, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    readonly change: PartyChange<{ type: string }>,
  ) {
    super();
  }
}

@CommandHandler(ChangeParty)
export class ChangePartyHandler implements ICommandHandler<ChangeParty, PartyAnswer> {
  constructor(private readonly writes: PartyWrites) {}

  execute({ kind, change }: ChangeParty): Promise<PartyAnswer> {
    return this.writes.write(kind, change);
  }
}
