import { DomainError } from './domain-error';

/** What every `decide` returns: the events to append (none for a no-op), or the refusal. */
export type Decision<E> = E[] | DomainError;

/** What every `decide` may read besides the command and the state. */
export interface Clock {
  /** The time of the request as an ISO 8601 timestamp; the domain never reads the system clock. */
  now: string;
}
