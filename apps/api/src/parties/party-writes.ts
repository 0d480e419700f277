import { Injectable } from '@nestjs/common';
import { DomainError, invalid, isDomainError, PartyFields, PartyState } from '@app/domain';
import { DomainEvent } from '@app/event-store/aggregate';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { RecordChange, writeRecordChange } from '../records/record-change';
import { AssignableUsers } from '../records/assignable-users';
import { RecordLimit } from '../records/record-limit';
import { partyContext } from './party-context';
import { PartyJson, partyJson, PartyKind } from './party-kind';
import { References } from '../records/references';

/** One command on one customer or supplier, as a controller sends it. */
export type PartyChange<C> = RecordChange<C>;

export type DeletedJson = { id: string; object: string; deleted: true };

/** The body to answer and the revision for its ETag. */
export interface PartyAnswer {
  body: PartyJson | DeletedJson;
  revision: number;
}

/**
 * A customer or supplier command through its stream: the domain decides with the caller's context
 * (account, visibility, for a delete the referencing documents); what the domain cannot know is
 * checked after its decision, so a 404 or 422 of the domain comes first: that an assignee is a
 * user of the account, and for a creation, the account's record limit.
 */
@Injectable()
export class PartyWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly references: References,
    private readonly recordLimit: RecordLimit,
    private readonly assignable: AssignableUsers,
  ) {}

  async write<F extends PartyFields, C extends { type: string }>(
    kind: PartyKind<F, C>,
    change: PartyChange<C>,
  ): Promise<PartyAnswer> {
    const { actor, id, command } = change;
    const { state, revision } = await writeRecordChange(
      this.writer,
      kind.aggregate,
      change,
      async (current: PartyState<F>) => {
        const context = partyContext(actor);
        if (command.type === kind.commands.remove.type) {
          context.referencingDocuments = await this.references.count({
            kind: kind.noun,
            accountId: actor.accountId,
            id,
          });
        }
        const decision = kind.decide(command, current, context);
        if (isDomainError(decision) || decision.length === 0) return decision;
        const refusal = await this.assigneeRefusal(actor, decision);
        if (refusal) return refusal;
        if (current.status === 'absent') await this.recordLimit.assertRoomFor(actor);
        return decision;
      },
    );
    if (state.status !== 'live') return { body: { id, object: kind.noun, deleted: true }, revision };
    return { body: partyJson(kind, state.record, revision), revision };
  }

  /** A record may be given only to a user of the caller's account (the caller always is one). */
  private async assigneeRefusal(actor: Actor, events: DomainEvent[]): Promise<DomainError | undefined> {
    for (const event of events) {
      const data = event.data as { assigned_user_id?: unknown; changes?: { assigned_user_id?: unknown } };
      const assignee = data.changes ? data.changes.assigned_user_id : data.assigned_user_id;
      if (typeof assignee !== 'string' || assignee === actor.userId) continue;
      if (!(await this.assignable.includes(actor.accountId, assignee)))
        return invalid('assigned_user_id', 'assigned_user_id must be the id of a user of this account.');
    }
    return undefined;
  }
}
