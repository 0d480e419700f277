import { Clock } from '../shared/decision';

/** What a location decision reads besides command and state; the handler looks it up. */
export type LocationContext = Clock & {
  /** The caller's account: a location of another account is 404. */
  accountId: string;
  /**
   * Set for a user restricted to one location: every other location is 404 to them, and they may
   * not create locations.
   */
  restrictedTo: string | null;
  /**
   * For deletes: what else depends on the location, from the read models (assigned users,
   * inventory, documents, transfers, history); the zones are the aggregate's own.
   */
  dependents?: readonly { name: string; count: number }[];
};
