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

export function canonicalTimezone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
