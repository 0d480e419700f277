import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@app/runtime';
import { LagDrivenLimit } from './lag-driven-limit';

/** What the API works on at once, and how many more may wait for a turn. */
export interface AdmissionLimits {
  /** The most requests worked on at once; 0: no limit. */
  working: number;
  /** Requests waiting beyond those; one more answers 503. */
  waiting: number;
  /** Writes waiting longer for their read models lower the number worked on at once; 0: never. */
  lagTargetMs: number;
}

/** The fewest requests worked on at once, however slow the read models. */
export const MIN_WORKING = 2;

/** A request's place: `admitted` settles when it may go on; `leave()` gives its place back. */
export interface Ticket {
  admitted: Promise<void>;
  leave(): void;
}

/** Seconds a client is asked to wait when the queue is full. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * At most so many requests are worked on at once (`LagDrivenLimit`: up to `limits.working`, fewer
 * while writes wait longer than `limits.lagTargetMs` for their read models); the next wait their
 * turn in arrival order. Why: the projectors share the API's event loop (and the machine's cores),
 * so every request in progress puts its callbacks in the queue before theirs. Past a point more
 * requests at once add little throughput and make the read models much staler (the trade,
 * measured: docs/operations.md).
 */
export class RequestAdmission {
  private workingNow = 0;
  private readonly queue: Array<() => void> = [];
  private readonly limit: LagDrivenLimit;

  constructor(
    private readonly limits: AdmissionLimits,
    now?: () => number,
  ) {
    const { working, lagTargetMs } = limits;
    this.limit = new LagDrivenLimit({ max: working, min: Math.min(MIN_WORKING, working), lagTargetMs }, now);
  }

  /** Requests being worked on and waiting, and how many may be worked on now: for the metrics. */
  get counts(): { working: number; waiting: number; limit: number } {
    return { working: this.workingNow, waiting: this.queue.length, limit: this.limit.current };
  }

  /** A write of `kind` waited so long for its read models (ReadYourWrites). */
  observeWriteWait(waitedMs: number, kind?: string): void {
    if (this.limit.observe(waitedMs, kind)) this.admitWaiting();
  }

  /** A place for one request, or undefined when as many already wait as may. */
  enter(): Ticket | undefined {
    if (this.limits.working === 0) return { admitted: Promise.resolve(), leave: () => undefined };
    if (this.workingNow < this.limit.current) {
      this.workingNow += 1;
      return { admitted: Promise.resolve(), leave: once(() => this.next()) };
    }
    if (this.queue.length >= this.limits.waiting) return undefined;
    return this.waitInLine();
  }

  /** Leaving before its turn quits the line, and `admitted` then rejects: nothing is left to do. */
  private waitInLine(): Ticket {
    let admitted = false;
    let settle!: { resolve(): void; reject(error: Error): void };
    const start = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    const turn = () => {
      admitted = true;
      settle.resolve();
    };
    this.queue.push(turn);
    return {
      admitted: start,
      leave: once(() => {
        if (admitted) return this.next();
        this.queue.splice(this.queue.indexOf(turn), 1);
        settle.reject(new Error('The request left before its turn'));
      }),
    };
  }

  /** A place came free: the longest waiting requests take what places there are. */
  private next(): void {
    this.workingNow -= 1;
    this.admitWaiting();
  }

  private admitWaiting(): void {
    while (this.workingNow < this.limit.current && this.queue.length > 0) {
      this.workingNow += 1;
      this.queue.shift()!();
    }
  }
}

/**
 * Requests under `prefix` take their turn once their body is read (a slow upload holds no place),
 * before anything else is done for them. A request leaves when its answer is sent or its connection
 * closes, whichever comes first; one that finds the line full answers 503 `service_unavailable`
 * with Retry-After. Health, metrics and the operator API are never held back, nor is a request
 * `partOfAnother` admitted one (an idempotent retry's reads, which would otherwise wait for the
 * place their own request holds: with as many retries as places, for ever).
 */
export function admitInTurn(
  fastify: FastifyInstance,
  admission: RequestAdmission,
  prefix: string,
  partOfAnother: (request: FastifyRequest) => boolean = () => false,
): void {
  fastify.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith(prefix) || partOfAnother(request)) return;
    const ticket = admission.enter();
    if (!ticket) {
      throw new ApiError(
        503,
        'service_unavailable',
        'The service is busy right now. Please retry in a moment.',
        {
          headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
        },
      );
    }
    whenClosed(reply.raw, () => ticket.leave());
    await ticket.admitted;
  });
}

/**
 * `done` once the response is closed: 'close' follows its answer and the loss of its connection
 * alike; at once when it is closed or destroyed already (the client left during its body; an
 * injected response, light-my-request's, is destroyed and never `closed`). Not
 * stream.finished(), which binds its callback to a new AsyncResource and adds four listeners:
 * per request, they were among what outlived a young GC.
 */
export function whenClosed(response: ServerResponse, done: () => void): void {
  if (response.closed || response.destroyed) done();
  else response.once('close', done);
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
