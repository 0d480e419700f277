import { AccountRecordRef, ContactRecord, ContactSight, contactView } from '@app/domain';
import { Actor, onlyAssignedTo } from '../auth/actor';

/** A contact as the API answers it: its view and the revision of its last event (the ETag). */
export type ContactJson = ReturnType<typeof contactView> & { revision: number };

/**
 * What the caller may see of contacts and their links: everything of its account with
 * `account_records.view_all`, else what is linked to the records assigned to it.
 */
export function contactSight(
  actor: Actor,
  accountRecords: ReadonlyMap<string, AccountRecordRef>,
): ContactSight {
  return { onlyAssignedTo: onlyAssignedTo(actor, 'account_records.view_all'), accountRecords };
}

export function contactJson(contact: ContactRecord, sight: ContactSight, revision: number): ContactJson {
  return { ...contactView(contact, sight), revision };
}
