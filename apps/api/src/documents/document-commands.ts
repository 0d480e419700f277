import { Inject, Type } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Actor } from '../auth/actor';

/** A document type's writes: a create, or any command on an existing document against If-Match. */
export interface DocumentWrites<I, C, W> {
  create(actor: Actor, input: I): Promise<W>;
  change(actor: Actor, id: string, command: C, ifMatch?: number): Promise<W>;
}

/** What a document's command carries: a create (no id yet) or a command on an existing one. */
export type DocumentCommandChange<I, C> = { create: I } | { id: string; command: C; ifMatch?: number };

/**
 * A document type's one command on the CommandBus (`ChangeInvoice`) and its handler, which hands
 * it to the type's writes: every write of a document goes through its writes' stream rules.
 */
export function documentCommand<I, C, W>(noun: string, writes: Type<DocumentWrites<I, C, W>>) {
  class ChangeDocument extends Command<W> {
    constructor(
      readonly actor: Actor,
      readonly change: DocumentCommandChange<I, C>,
    ) {
      super();
    }
  }

  @CommandHandler(ChangeDocument)
  class ChangeDocumentHandler implements ICommandHandler<ChangeDocument, W> {
    constructor(@Inject(writes) private readonly writes: DocumentWrites<I, C, W>) {}

    execute({ actor, change }: ChangeDocument): Promise<W> {
      if ('create' in change) return this.writes.create(actor, change.create);
      return this.writes.change(actor, change.id, change.command, change.ifMatch);
    }
  }
  // Their own names per type, for Nest's injector and its messages.
  Object.defineProperty(ChangeDocument, 'name', { value: `Change${noun}` });
  Object.defineProperty(ChangeDocumentHandler, 'name', { value: `Change${noun}Handler` });
  return { command: ChangeDocument, handler: ChangeDocumentHandler };
}
