import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ItemVariationCommand, NewItemVariationInput } from '@app/domain';
import { Actor } from '../../auth/actor';
import { parseIfMatch } from '../../http/etag';
import { VariationWrites, VariationWritten } from './variation-writes';

/** A new variation of an item, or a command on one of its variations. */
export type VariationChange =
  | { kind: 'create'; itemId: string; input: NewItemVariationInput }
  | { kind: 'command'; itemId: string; variationId: string; command: ItemVariationCommand; ifMatch?: number };

/** A command on one variation, expecting the revision its If-Match header names (if any). */
export function variationCommand(
  itemId: string,
  variationId: string,
  command: ItemVariationCommand,
  ifMatch: string | undefined,
): VariationChange {
  return { kind: 'command', itemId, variationId, command, ifMatch: parseIfMatch(ifMatch) };
}

export class ChangeItemVariation extends Command<VariationWritten> {
  constructor(
    readonly actor: Actor,
    readonly change: VariationChange,
  ) {
    super();
  }
}

@CommandHandler(ChangeItemVariation)
export class ChangeItemVariationHandler implements ICommandHandler<ChangeItemVariation, VariationWritten> {
  constructor(private readonly writes: VariationWrites) {}

  execute({ actor, change }: ChangeItemVariation): Promise<VariationWritten> {
    return change.kind === 'create'
      ? this.writes.create(actor, change.itemId, change.input)
      : this.writes.change(actor, change.itemId, change.variationId, change.command, change.ifMatch);
  }
}
