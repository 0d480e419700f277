/**
 * Keys look like `sk_live_<random>` (EXTENSIONS.md §2). The handler draws the random part (base64url)
 * and hashes the key with SHA-256 outside the domain; these helpers stay pure.
 */
export const API_KEY_PREFIX = 'sk_live_';

const WELL_FORMED = /^sk_live_[A-Za-z0-9_-]{16,128}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Random characters kept in the displayed prefix: enough to tell keys apart, far too few to guess one. */
const PREFIX_RANDOM_CHARS = 6;

/** A cheap check before any look-up: a malformed bearer token is refused without touching a store. */
export function isWellFormedApiKey(candidate: string): boolean {
  return WELL_FORMED.test(candidate);
}

/** What lists show of a key, e.g. `sk_live_Ab3dE9`. */
export function keyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + PREFIX_RANDOM_CHARS);
}

export function isSha256Hex(hash: string): boolean {
  return SHA256_HEX.test(hash);
}

/** A key with an expiry stops working at that instant. */
export function isExpired(expiresAt: string | null, now: string): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= Date.parse(now);
}
