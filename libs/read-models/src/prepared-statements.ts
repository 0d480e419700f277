import { createHash } from 'node:crypto';
import { PREPARED_MARK } from '@app/event-store';

/** Texts named so far; past this many (the marked texts are a handful), names are no longer kept. */
const MAX_KEPT = 256;

const names = new Map<string, string>();

/**
 * The name a statement marked PREPARED_MARK (within its first characters) is prepared under on a
 * server connection: one per text, so node-postgres parses it once per session and afterwards
 * sends only Bind and Execute. Undefined for any other statement.
 */
export function preparedName(text: string): string | undefined {
  if (text.lastIndexOf(PREPARED_MARK, 16) < 0) return undefined;
  let name = names.get(text);
  if (name) return name;
  name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (names.size < MAX_KEPT) names.set(text, name);
  return name;
}
