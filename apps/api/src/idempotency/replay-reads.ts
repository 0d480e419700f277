import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { FastifyInstance, FastifyRequest } from 'fastify';
import { Actor } from '../auth/actor';
import { attachActor } from '../auth/current-actor';

/** The header naming a grant: a random token only this process knows, valid for one read. */
const GRANT_HEADER = 'x-idempotency-replay-grant';

export interface ReadAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The reads that rebuild a landed write's answer: a GET of the API, in process, as the retry's
 * actor, with `audit:read` besides its scopes. A record's past (`?as_of_revision`) is for auditors,
 * but the past read here is the state the actor's own write produced: the answer it was owed.
 * The actor travels by a one-time token (the `onRequest` hook attaches it before the guards).
 */
@Injectable()
export class ReplayReads {
  private readonly grants = new Map<string, Actor>();

  async get(server: FastifyInstance, url: string, actor: Actor): Promise<ReadAnswer> {
    const token = randomUUID();
    this.grants.set(token, { ...actor, scopes: [...actor.scopes, 'audit:read'] });
    try {
      const res = await server.inject({ method: 'GET', url, headers: { [GRANT_HEADER]: token } });
      const headers: Record<string, string> = {};
      if (res.headers.etag !== undefined) headers.ETag = String(res.headers.etag);
      return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : undefined, headers };
    } finally {
      this.grants.delete(token);
    }
  }

  /** Whether the request is a granted read, made by a retry that is itself admitted in turn. */
  isGranted(request: FastifyRequest): boolean {
    return this.grantedActor(request) !== undefined;
  }

  /** Attaches the actor of a granted read (an `onRequest` hook); any other request is left alone. */
  attach(request: FastifyRequest): void {
    const actor = this.grantedActor(request);
    if (actor) attachActor(request, actor);
  }

  private grantedActor(request: FastifyRequest): Actor | undefined {
    const token = request.headers[GRANT_HEADER];
    return typeof token === 'string' ? this.grants.get(token) : undefined;
  }
}
