import { Clock } from '../shared/decision';
import { ContactSight } from './links';

/**
 * What a contact decision reads besides command and state; the handler looks it up: the caller's
 * account, and (ContactSight) the customers, prospects and suppliers among the contact's current
 * links and the ids the command names, with the caller's view-all confinement.
 */
export type ContactContext = Clock & ContactSight & { accountId: string };
