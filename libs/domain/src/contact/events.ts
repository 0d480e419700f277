import { ContactFields } from './fields';
import { ContactLink } from './links';

export type ContactCreated = {
  type: 'ContactCreated';
  data: ContactFields & {
    id: string;
    account_id: string;
    account_records: ContactLink[];
    created_at: string;
  };
};

/** Only what changed; `account_records`, when there, is the complete new set of links. */
export type ContactUpdated = {
  type: 'ContactUpdated';
  data: { changes: Partial<ContactFields & { account_records: ContactLink[] }>; updated_at: string };
};

/** Final, with its links: the record answers 404 everywhere but its event history. */
export type ContactDeleted = { type: 'ContactDeleted'; data: { deleted_at: string } };

export type ContactEvent = ContactCreated | ContactUpdated | ContactDeleted;
