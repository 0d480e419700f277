import { invalid } from './domain-error';
import { Parser } from './parsers';

/**
 * An IANA time zone name, stored as the runtime's canonical spelling (`europe/paris` -> `Europe/Paris`).
 * Intl is the authority: it knows the same zones the service later uses to compute "today".
 */
export function timezone(): Parser<string> {
  return (value, param) => {
    const canonical = typeof value === 'string' && value !== '' ? canonicalTimezone(value) : undefined;
    return canonical ?? invalid(param, `${param} must be an IANA time zone such as Europe/Paris.`);
  };
}

/** A zone's name, not an offset: Node 22's Intl also takes `+01:00`, which names no IANA zone. */
const OFFSET = /^[+-]\d/;

export function canonicalTimezone(name: string): string | undefined {
  if (OFFSET.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
