import { Inject, Type } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';

/** A record's writes that take every change (create, update, delete …) through one `write`. */
export interface RecordWrites<Change, Answer> {
  write(change: Change): Promise<Answer>;
}

/**
 * A record's one command on the CommandBus (`ChangeContact`) and its handler, which hands the
 * change to the record's writes, as documentCommand does for documents.
 */
export function recordCommand<Change, Answer>(noun: string, writes: Type<RecordWrites<Change, Answer>>) {
  class ChangeRecord extends Command<Answer> {
    constructor(readonly change: Change) {
      super();
    }
  }

  @CommandHandler(ChangeRecord)
  class ChangeRecordHandler implements ICommandHandler<ChangeRecord, Answer> {
    constructor(@Inject(writes) private readonly writes: RecordWrites<Change, Answer>) {}

    execute({ change }: ChangeRecord): Promise<Answer> {
      return this.writes.write(change);
    }
  }
  // Their own names per record, for Nest's injector and its messages.
  Object.defineProperty(ChangeRecord, 'name', { value: `Change${noun}` });
  Object.defineProperty(ChangeRecordHandler, 'name', { value: `Change${noun}Handler` });
  return { command: ChangeRecord, handler: ChangeRecordHandler };
}
