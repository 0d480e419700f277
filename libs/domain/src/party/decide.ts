import { conflict, DomainError, isDomainError, notFound } from '../shared/domain-error';
import { parseFields, Parsers, changedFields, requireFields } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { PartyContext } from './context';
import { PartyFields } from './fields';
import { PartyRecord, PartyState } from './record';
import { alreadyCreated } from '../shared/recorded';

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
