import { ContactInput } from './fields';

/** `id` is a new UUID chosen by the handler. */
export type CreateContact = { type: 'CreateContact'; id: string; input: ContactInput };
/** PATCH: only the given fields change; `account_record_ids`, when given, replaces the links. */
export type UpdateContact = { type: 'UpdateContact'; input: ContactInput };
export type DeleteContact = { type: 'DeleteContact' };

export type ContactCommand = CreateContact | UpdateContact | DeleteContact;
