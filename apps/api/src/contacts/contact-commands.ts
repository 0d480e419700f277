import { recordCommand } from '../records/record-command';
import { ContactAnswer, ContactChange, ContactWrites } from './contact-writes';

/** Any command on a contact (create, update, delete). */
export const { command: ChangeContact, handler: ChangeContactHandler } = recordCommand<
  ContactChange,
  ContactAnswer
>('Contact', ContactWrites);
