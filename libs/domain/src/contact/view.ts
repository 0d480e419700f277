import { ContactFields } from './fields';
import { ContactSight, visibleLinks } from './links';
import { ContactRecord } from './state';

/** A linked record as a contact shows it; a converted prospect shows as the customer it became. */
export type LinkedRecordView = { id: string; object: 'customer' | 'prospect' | 'supplier'; name: string };

/** A contact as the API returns it (inventory-api.md, Contact). */
export type ContactView = { id: string; object: 'contact' } & ContactFields & {
    account_records: LinkedRecordView[];
    created_at: string;
    updated_at: string;
  };

/** `account_records` holds the linked records that still exist and the caller may see, as they are now. */
export function contactView(contact: ContactRecord, sight: ContactSight): ContactView {
  return {
    id: contact.id,
    object: 'contact',
    first_name: contact.first_name,
    last_name: contact.last_name,
    job_title: contact.job_title,
    phone: contact.phone,
    cell: contact.cell,
    fax: contact.fax,
    email_1: contact.email_1,
    email_2: contact.email_2,
    auto_add_email: contact.auto_add_email,
    account_records: visibleLinks(contact.account_records, sight).map(({ link, record }) => ({
      id: link.id,
      object: record.object,
      name: record.name,
    })),
    created_at: contact.created_at,
    updated_at: contact.updated_at,
  };
}
