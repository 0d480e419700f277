import { RecordState } from '../shared/record-state';
import { ContactFields } from './fields';
import { ContactLink } from './links';

/** A contact as its stream tells it. */
export type ContactRecord = ContactFields & {
  id: string;
  account_id: string;
  /** In the order given; a link to a record deleted since stays here until the links are replaced. */
  account_records: ContactLink[];
  created_at: string;
  updated_at: string;
};

export type ContactState = RecordState<ContactRecord>;
