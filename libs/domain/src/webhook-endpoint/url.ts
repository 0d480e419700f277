import { DomainError, invalid } from '../shared/domain-error';

/** Browsers' and most clients' practical limit; a longer URL is a mistake, not an endpoint. */
const MAX_URL = 2048;

/**
 * An endpoint's URL: https, with a host. Plain http and literal private, loopback or link-local
 * hosts only when the operator allows insecure URLs (tests, a local receiver): otherwise a key
 * could make the service post to its own network. Names are not resolved here (no I/O in the
 * domain), so a public name that resolves to a private address is not caught by this check.
 */
export function parseWebhookUrl(allowInsecure: boolean) {
  return (value: unknown, param: string): string | DomainError => {
    if (typeof value !== 'string' || value.length > MAX_URL)
      return invalid(param, `${param} must be a URL of at most ${MAX_URL} characters.`);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return invalid(param, `${param} must be an absolute URL.`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return invalid(param, `${param} must be an https URL.`);
    if (url.username || url.password) return invalid(param, `${param} must not carry credentials.`);
    if (allowInsecure) return url.toString();
    if (url.protocol !== 'https:') return invalid(param, `${param} must be an https URL.`);
    if (isPrivateHost(url.hostname))
      return invalid(param, `${param} must not name a private, loopback or link-local address.`);
    return url.toString();
  };
}

/** localhost, 127/8, 10/8, 172.16/12, 192.168/16, 169.254/16, 0/8, ::1, ::, fc00::/7, fe80::/10. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (!host.includes(':')) return false;
  if (host === '::1' || host === '::') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return isPrivateHost(mapped[1]);
  return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
}
