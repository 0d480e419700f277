import { AccountSettings, Permission, PermissionGrants, hasPermission } from '@app/domain';
import { EventMetadata } from '@app/event-store';

/** Who a request acts as: the key's user, with that user's current account, permissions and location. */
export interface Actor {
  accountId: string;
  userId: string;
  apiKeyId: string;
  scopes: readonly string[];
  permissions: PermissionGrants;
  /** Set for a user restricted to one location (EXTENSIONS.md §2). */
  locationId: string | null;
  /** The account's `settings.record_limit` (null: unlimited), read with the key. */
  recordLimit: number | null;
  /** The account's time zone and settings (defaults filled in), read with the key. */
  timezone: string;
  settings: AccountSettings;
  requestId: string;
  idempotencyKey: string | null;
  correlationId: string;
}

export function can(actor: Actor, permission: Permission): boolean {
  return hasPermission(actor.permissions, permission);
}

/**
 * The user id a list or a record is confined to when the user lacks the view-all permission:
 * undefined when they may see every record of the account.
 */
export function onlyAssignedTo(actor: Actor, viewAll: Permission): string | undefined {
  return can(actor, viewAll) ? undefined : actor.userId;
}

/** Recorded with every event the request appends (EXTENSIONS.md §8). */
export function eventMetadata(actor: Actor): EventMetadata {
  return {
    account_id: actor.accountId,
    user_id: actor.userId,
    api_key_id: actor.apiKeyId,
    request_id: actor.requestId,
    idempotency_key: actor.idempotencyKey,
    causation_id: actor.requestId,
    correlation_id: actor.correlationId,
  };
}
