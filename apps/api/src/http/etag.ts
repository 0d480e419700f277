import { FastifyReply } from 'fastify';
import { ApiError } from '@app/runtime';

/**
 * A revision as a strong entity tag: `"7"`, or `"so_7"` for a resource whose tags carry a prefix
 * (sales orders).
 */
export function formatETag(revision: number, prefix = ''): string {
  return `"${prefix}${revision}"`;
}

export function setETag(reply: FastifyReply, revision: number, prefix = ''): void {
  reply.header('ETag', formatETag(revision, prefix));
}

/** A write's or a read's answer: its body, with the revision it stands at as the ETag. */
export function withETag<B>(reply: FastifyReply, answer: { body: B; revision: number }, prefix = ''): B {
  setETag(reply, answer.revision, prefix);
  return answer.body;
}

/**
 * The revision an If-Match names, with or without quotes and the prefix (`7`, `"7"`, `"so_7"`);
 * undefined when absent or `*` (any current revision). Anything else is a 400, not a conflict:
 * the client has a bug to fix, not a record to reload.
 */
export function parseIfMatch(header: string | string[] | undefined, prefix = ''): number | undefined {
  if (header === undefined) return undefined;
  const text = (Array.isArray(header) ? header.join(',') : header).trim();
  if (text === '*') return undefined;
  const bare = text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1) : text;
  const digits = prefix && bare.startsWith(prefix) ? bare.slice(prefix.length) : bare;
  if (!/^\d{1,15}$/.test(digits)) {
    throw new ApiError(400, 'invalid_if_match', `If-Match must be a revision such as "${prefix}7".`, {
      param: 'If-Match',
    });
  }
  return Number(digits);
}
