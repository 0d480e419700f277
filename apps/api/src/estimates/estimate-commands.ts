import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EstimateCommand, EstimateInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { EstimateWrites, EstimateWritten } from './estimate-writes';

/** Any command on an estimate: a create (no id yet), update, decline or delete. */
export class ChangeEstimate extends Command<EstimateWritten> {
  constructor(
    readonly actor: Actor,
    readonly change: { create: EstimateInput } | { id: string; command: EstimateCommand; ifMatch?: number },
  ) {
    super();
  }
}

@CommandHandler(ChangeEstimate)
export class ChangeEstimateHandler implements ICommandHandler<ChangeEstimate, EstimateWritten> {
  constructor(private readonly writes: EstimateWrites) {}

  execute({ actor, change }: ChangeEstimate): Promise<EstimateWritten> {
    if ('create' in change) return this.writes.create(actor, change.create);
    return this.writes.change(actor, change.id, change.command, change.ifMatch);
  }
}
