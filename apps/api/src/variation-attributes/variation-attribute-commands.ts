import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { VariationAttributeInput } from '@app/domain';
import { Actor } from '../auth/actor';
import { VariationAttributeJson } from './variation-attribute-json';
import { VariationAttributeStore } from './variation-attribute-store';

export type VariationAttributeChange =
  | { kind: 'create'; input: VariationAttributeInput }
  | { kind: 'update'; id: string; input: VariationAttributeInput; ifMatch?: number };

type Answer = { body: VariationAttributeJson; revision: number };

export class ChangeVariationAttribute extends Command<Answer> {
  constructor(
    readonly actor: Actor,
    readonly change: VariationAttributeChange,
  ) {
    super();
  }
}

@CommandHandler(ChangeVariationAttribute)
export class ChangeVariationAttributeHandler implements ICommandHandler<ChangeVariationAttribute, Answer> {
  constructor(private readonly store: VariationAttributeStore) {}

  execute({ actor, change }: ChangeVariationAttribute): Promise<Answer> {
    return change.kind === 'create'
      ? this.store.create(actor, change.input)
      : this.store.update(actor, change.id, change.input, change.ifMatch);
  }
}
