import { DomainError, invalid } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';

/** The stream a linked record lives in: prospects are customers of kind `prospect`. */
export type AccountRecordType = 'customer' | 'supplier';

/** A link as the contact's stream records it (the API takes the ids alone). */
export type ContactLink = { id: string; record_type: AccountRecordType };

/** A live customer, prospect or supplier of the account, as the handler found it in the read models. */
export type AccountRecordRef = {
  object: 'customer' | 'prospect' | 'supplier';
  name: string;
  assigned_user_id: string | null;
};

/**
 * What tells which contacts and links the caller may see: the account's live customers, prospects
 * and suppliers among the ids at hand (lower-case id; absent when deleted, foreign or unknown), and
 * the user the caller is confined to when it lacks `account_records.view_all`.
 */
export type ContactSight = {
  onlyAssignedTo?: string;
  accountRecords: ReadonlyMap<string, AccountRecordRef>;
};

/** More links than any real person needs; bounds the look-ups a request can cause. */
export const MAX_LINKS = 100;

export function recordTypeOf(record: AccountRecordRef): AccountRecordType {
  return record.object === 'supplier' ? 'supplier' : 'customer';
}

export function seesAccountRecord(record: AccountRecordRef, sight: ContactSight): boolean {
  return sight.onlyAssignedTo === undefined || record.assigned_user_id === sight.onlyAssignedTo;
}

/** The links whose record still exists and the caller may see, each with that record, in link order. */
export function visibleLinks(
  links: readonly ContactLink[],
  sight: ContactSight,
): { link: ContactLink; record: AccountRecordRef }[] {
  return links.flatMap((link) => {
    const record = sight.accountRecords.get(link.id);
    const seen =
      record !== undefined && recordTypeOf(record) === link.record_type && seesAccountRecord(record, sight);
    return seen ? [{ link, record }] : [];
  });
}

/** With view-all, every contact of the account; otherwise those linked to a record assigned to the caller. */
export function seesContact(links: readonly ContactLink[], sight: ContactSight): boolean {
  return sight.onlyAssignedTo === undefined || visibleLinks(links, sight).length > 0;
}

/**
 * `account_record_ids` as given: unique ids of live customers, prospects or suppliers of the account
 * that the caller may see. A refused entry is named `account_record_ids.N`.
 */
export function parseLinks(
  value: unknown,
  sight: ContactSight,
  param = 'account_record_ids',
): ContactLink[] | DomainError {
  if (!Array.isArray(value))
    return invalid(param, `${param} must be an array of customer, prospect or supplier ids.`);
  if (value.length > MAX_LINKS) return invalid(param, `${param} must have at most ${MAX_LINKS} entries.`);
  const links: ContactLink[] = [];
  for (const [index, entry] of value.entries()) {
    const at = `${param}.${index}`;
    const id = isRecordId(entry) ? entry.toLowerCase() : undefined;
    if (id === undefined) return invalid(at, `${at} must be the id of a customer, prospect or supplier.`);
    if (links.some((link) => link.id === id)) return invalid(at, `${at} repeats an id given before.`);
    const record = sight.accountRecords.get(id);
    if (record === undefined || !seesAccountRecord(record, sight))
      return invalid(at, `${at} is not a customer, prospect or supplier of this account that you can see.`);
    links.push({ id, record_type: recordTypeOf(record) });
  }
  return links;
}

/**
 * A PATCH's `account_record_ids` replaces the links the caller can see; links to records assigned to
 * others stay, since the caller cannot see them (links to deleted records go).
 */
export function replacedLinks(
  current: readonly ContactLink[],
  given: ContactLink[],
  sight: ContactSight,
): ContactLink[] {
  const hidden = current.filter((link) => {
    const record = sight.accountRecords.get(link.id);
    return record !== undefined && !seesAccountRecord(record, sight);
  });
  return [...given, ...hidden];
}

/** The ids a decision needs looked up: the contact's current links and the UUIDs the input names. */
export function idsToLookUp(current: readonly ContactLink[], input: unknown): string[] {
  const given = Array.isArray(input) ? input.slice(0, MAX_LINKS) : [];
  const named = given.filter((entry): entry is string => isRecordId(entry));
  return [...new Set([...current.map((link) => link.id), ...named.map((id) => id.toLowerCase())])];
}
