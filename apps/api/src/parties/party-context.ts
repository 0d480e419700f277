import { PartyContext } from '@app/domain';
import { Actor, onlyAssignedTo } from '../auth/actor';

/**
 * What the caller may see and do to customers and suppliers: its account, and only the records
 * assigned to it unless it holds `account_records.view_all` (EXTENSIONS.md §6).
 */
export function partyContext(actor: Actor, now = new Date().toISOString()): PartyContext {
  return {
    now,
    accountId: actor.accountId,
    userId: actor.userId,
    onlyAssignedTo: onlyAssignedTo(actor, 'account_records.view_all'),
  };
}
