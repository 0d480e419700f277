import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContactAnswer, ContactChange, ContactWrites } from './contact-writes';

/** Any command on a contact (create, update, delete). */
export class ChangeContact extends Command<ContactAnswer> {
  constructor(readonly change: ContactChange) {
    super();
  }
}

@CommandHandler(ChangeContact)
export class ChangeContactHandler implements ICommandHandler<ChangeContact, ContactAnswer> {
  constructor(private readonly writes: ContactWrites) {}

  execute({ change }: ChangeContact): Promise<ContactAnswer> {
    return this.writes.write(change);
  }
}
