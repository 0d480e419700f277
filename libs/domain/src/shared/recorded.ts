import { conflict, DomainError } from './domain-error';
import { isEmpty } from './fields';

/** 409 once the stream holds a record: a creation is decided once. */
export function alreadyCreated(state: { status: string }, noun = 'record'): DomainError | undefined {
  return state.status === 'absent'
    ? undefined
    : conflict('resource_already_exists', `This ${noun} already exists.`);
}

/** The one creation event of a record of the caller's account, with its fields. */
export function createdEvent<T extends string, F extends object>(
  type: T,
  id: string,
  fields: F,
  context: { accountId: string; now: string },
): [{ type: T; data: { id: string; account_id: string } & F & { created_at: string } }] {
  return [{ type, data: { id, account_id: context.accountId, ...fields, created_at: context.now } }];
}

/** The update event of the fields that change, or none when none do. */
export function updatedEvent<T extends string, C extends object>(
  type: T,
  changes: C,
  now: string,
): [{ type: T; data: { changes: C; updated_at: string } }] | [] {
  return isEmpty(changes) ? [] : [{ type, data: { changes, updated_at: now } }];
}
