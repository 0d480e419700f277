import { conflict, DomainError, isDomainError, notFound } from '../shared/domain-error';
import { parseFields, Parsers, changedFields, requireFields } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { Decision } from '../shared/decision';
import { PartyContext } from './context';
import { PartyEvents } from './events';
import { PartyFields } from './fields';
import { PartyRecord, PartyState } from './record';
import { alreadyCreated, createdEvent, updatedEvent } from '../shared/recorded';

// The steps customers and suppliers share; each aggregate's decide names its own events around them.
// `parsers` and `defaults` are the kind's full field set (the party's plus its own).

/** A live record of the caller's account that the caller may see, or 404. */
export function visibleRecord<F extends PartyFields>(
  state: PartyState<F>,
  context: PartyContext,
): PartyRecord<F> | DomainError {
  const record = liveRecordIn(state, context.accountId);
  if (isDomainError(record)) return record;
  const hidden = context.onlyAssignedTo !== undefined && record.assigned_user_id !== context.onlyAssignedTo;
  return hidden ? notFound() : record;
}

/** The fields of a new record: given values checked, the others defaulted. */
export function newFields<F extends PartyFields>(
  state: PartyState<F>,
  parsers: Parsers,
  defaults: Omit<F, 'name' | 'assigned_user_id'>,
  input: object,
  context: PartyContext,
): F | DomainError {
  const exists = alreadyCreated(state);
  if (exists) return exists;
  const missing = requireFields(input, ['name']);
  if (missing) return missing;
  const given = parseFields(parsers, input);
  if (isDomainError(given)) return given;
  return { ...defaults, assigned_user_id: context.userId, ...given } as F;
}

/** Only the given fields that differ from the record (PATCH): none means nothing to append. */
export function changedPartyFields<F extends PartyFields>(
  record: PartyRecord<F>,
  parsers: Parsers,
  input: object,
): Partial<F> | DomainError {
  const given = parseFields(parsers, input);
  if (isDomainError(given)) return given;
  return changedFields(record as F, given as Partial<F>);
}

/** A record still referenced by documents must stay, so those documents keep their party. */
export function deletionRefusal(context: PartyContext, code: string, noun: string): DomainError | undefined {
  if (context.referencingDocuments === undefined)
    throw new TypeError('The handler must count the documents referencing the record before a delete');
  return context.referencingDocuments > 0
    ? conflict(
        code,
        `This ${noun} is referenced by ${context.referencingDocuments} document(s) and cannot be deleted.`,
      )
    : undefined;
}

/** The commands every party kind takes, named by its kind (`CreateCustomer`). */
export type PartyCommand<N extends string> =
  | { type: `Create${N}`; id: string; input: object }
  | { type: `Update${N}`; input: object }
  | { type: `Archive${N}` }
  | { type: `Restore${N}` }
  | { type: `Delete${N}` };

type PartyDecision<N extends string, F> = Decision<PartyEvents<N, F>[keyof PartyEvents<N, F>]>;

/** A party kind: its name in event and command types, its noun in codes, its full field set. */
export type PartyKind<N extends string, F extends PartyFields> = {
  name: N;
  noun: string;
  parsers: Parsers;
  defaults: Omit<F, 'name' | 'assigned_user_id'>;
};

/**
 * How a customer or a supplier decides the commands they share; `command` is one of the kind's
 * (the cast names the events by the kind, as its event types do).
 */
export function decidePartyCommand<N extends string, F extends PartyFields>(
  kind: PartyKind<N, F>,
  command: PartyCommand<N>,
  state: PartyState<F>,
  context: PartyContext,
): PartyDecision<N, F> {
  const { name, noun, parsers } = kind;
  const { now } = context;
  const decided = (events: { type: string; data: object }[]) => events as PartyDecision<N, F>;
  if (command.type === `Create${name}`) {
    const { id, input } = command as { id: string; input: object };
    const fields = newFields<F>(state, parsers, kind.defaults, input, context);
    if (isDomainError(fields)) return fields;
    return decided(createdEvent(`${name}Created`, id, fields, context));
  }
  const record = visibleRecord(state, context);
  if (isDomainError(record)) return record;
  switch (command.type) {
    case `Update${name}`: {
      const changes = changedPartyFields(record, parsers, (command as { input: object }).input);
      if (isDomainError(changes)) return changes;
      return decided(updatedEvent(`${name}Updated`, changes, now));
    }
    case `Archive${name}`:
      return record.archived ? [] : decided([{ type: `${name}Archived`, data: { archived_at: now } }]);
    case `Restore${name}`:
      return record.archived ? decided([{ type: `${name}Restored`, data: { restored_at: now } }]) : [];
    default:
      return (
        deletionRefusal(context, `${noun}_delete_not_allowed`, noun) ??
        decided([{ type: `${name}Deleted`, data: { deleted_at: now } }])
      );
  }
}
