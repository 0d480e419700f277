import { Clock } from '../shared/decision';

/** What a customer or supplier decision reads besides command and state; the handler looks it up. */
export type PartyContext = Clock & {
  /** The caller's account: a record of another account is 404. */
  accountId: string;
  /** The acting user (null for operator tooling); new records are assigned to them by default. */
  userId: string | null;
  /** Set when the user lacks `account_records.view_all`: records assigned to others are 404. */
  onlyAssignedTo?: string;
  /** For deletes: how many documents reference the record (from the read models, caught up). */
  referencingDocuments?: number;
};
