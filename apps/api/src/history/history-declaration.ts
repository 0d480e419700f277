import { Permission, RecordState, Scope } from '@app/domain';
import { JsonObject } from '@app/event-store';
import { AggregateDefinition, DomainEvent } from '@app/event-store/aggregate';
import { Actor } from '../auth/actor';

/**
 * What a resource declares to get its event history (EXTENSIONS.md §8): `historyController(it)`
 * serves GET /api/v3/{path}/{id}/events and …/history (field changes), and `RecordHistory.retrieveAsOf(it, …)` answers the
 * retrieve endpoint's `?as_of_revision=N`.
 */
export interface HistoryDeclaration<R = unknown, E extends DomainEvent = DomainEvent> {
  /** The resource's path under /api/v3, e.g. `customers`. */
  path: string;
  aggregate: AggregateDefinition<RecordState<R>, E>;
  /** The resource's read scope(s); `audit:read` is demanded besides. */
  scopes: readonly Scope[];
  /** The permission the resource's retrieve demands, if any. */
  permission?: Permission;
  /**
   * Whether the actor may see this record (live or deleted): its account is the actor's, and the
   * resource's assignment and location rules.
   */
  visible(record: R, actor: Actor): boolean;
  /**
   * The record's JSON as the retrieve endpoint renders it for this actor, `revision` being its
   * last event's.
   */
  view(record: R, revision: number, actor: Actor): object;
  /** The ETag's prefix (`so_` for sales orders). */
  etagPrefix?: string;
  /** An event's data as this actor may see it (see hideUnless); all of it by default. */
  redact?(data: JsonObject, actor: Actor): JsonObject;
  /**
   * What GET …/history compares from one revision to the next, when `view` is not the record's
   * JSON; `redact` is applied to it as to events.
   */
  compared?(record: R, revision: number, actor: Actor): object;
}
