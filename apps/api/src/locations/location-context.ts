import { LocationContext } from '@app/domain';
import { Actor } from '../auth/actor';

/** The caller's account and, for a user restricted to one location, that location. */
export function locationContext(actor: Actor, now = new Date().toISOString()): LocationContext {
  return { now, accountId: actor.accountId, restrictedTo: actor.locationId };
}
