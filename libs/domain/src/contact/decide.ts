import { DomainError, isDomainError, notFound } from '../shared/domain-error';
import { Decision } from '../shared/decision';
import { parseFields, changedFields, requireFields } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { ContactCommand } from './commands';
import { ContactContext } from './context';
import { ContactEvent } from './events';
import { CONTACT_DEFAULTS, CONTACT_PARSERS, ContactFields, ContactInput } from './fields';
import { ContactLink, ContactSight, parseLinks, replacedLinks, seesContact } from './links';
import { ContactRecord, ContactState } from './state';
import { alreadyCreated, createdEvent, updatedEvent } from '../shared/recorded';

export function decideContact(
  command: ContactCommand,
  state: ContactState,
  context: ContactContext,
): Decision<ContactEvent> {
  const { now } = context;
  if (command.type === 'CreateContact') {
    const exists = alreadyCreated(state);
    if (exists) return exists;
    const fields = newFields(command.input, context);
    if (isDomainError(fields)) return fields;
    return createdEvent('ContactCreated', command.id, fields, context);
  }
  const contact = visibleContact(state, context);
  if (isDomainError(contact)) return contact;
  switch (command.type) {
    case 'UpdateContact': {
      const changes = changedContactFields(contact, command.input, context);
      if (isDomainError(changes)) return changes;
      return updatedEvent('ContactUpdated', changes, now);
    }
    case 'DeleteContact':
      return [{ type: 'ContactDeleted', data: { deleted_at: now } }];
  }
}

/** A live contact of the caller's account that the caller may see (inventory-api.md, visibility), or 404. */
export function visibleContact(
  state: ContactState,
  context: ContactSight & { accountId: string },
): ContactRecord | DomainError {
  const contact = liveRecordIn(state, context.accountId);
  if (isDomainError(contact)) return contact;
  return seesContact(contact.account_records, context) ? contact : notFound();
}

type NewContact = ContactFields & { account_records: ContactLink[] };

function newFields(input: ContactInput, context: ContactContext): NewContact | DomainError {
  const missing = requireFields(input, ['first_name']);
  if (missing) return missing;
  const given = parseFields(CONTACT_PARSERS, input);
  if (isDomainError(given)) return given;
  const links = input.account_record_ids === undefined ? [] : parseLinks(input.account_record_ids, context);
  if (isDomainError(links)) return links;
  return { ...CONTACT_DEFAULTS, ...given, account_records: links } as NewContact;
}

function changedContactFields(
  contact: ContactRecord,
  input: ContactInput,
  context: ContactContext,
): Partial<NewContact> | DomainError {
  const given: Partial<NewContact> | DomainError = parseFields(CONTACT_PARSERS, input);
  if (isDomainError(given)) return given;
  if (input.account_record_ids !== undefined) {
    const links = parseLinks(input.account_record_ids, context);
    if (isDomainError(links)) return links;
    given.account_records = replacedLinks(contact.account_records, links, context);
  }
  return changedFields<NewContact>(contact, given);
}
