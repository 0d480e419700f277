import { FastifyReply } from 'fastify';
import { Actor } from '../auth/actor';
import { setETag } from '../http/etag';

/** What a conversion or an invoicing hands back: the new document's state and revision. */
export interface Made<R> {
  state: { status: string; record?: R };
  revision: number;
}

/**
 * A document another one made (an estimate's conversion, an invoice from a sales order) as its
 * endpoint answers it: 201, the new document's ETag (`so_N` for a sales order) and its detail.
 */
export async function answerMade<R>(
  reply: FastifyReply,
  actor: Actor,
  reads: { detail(actor: Actor, record: R, revision: number): unknown },
  making: Promise<Made<R>>,
  etagPrefix?: string,
): Promise<unknown> {
  const { state, revision } = await making;
  if (state.status !== 'live' || !state.record) throw new Error('A document just made is not live');
  reply.status(201);
  setETag(reply, revision, etagPrefix);
  return reads.detail(actor, state.record, revision);
}
