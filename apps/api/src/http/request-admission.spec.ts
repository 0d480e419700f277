import { createServer, request, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { RequestAdmission, Ticket, whenClosed } from './request-admission';

/** Whether the ticket was admitted by now (after the promise jobs already queued have run). */
async function isAdmitted(ticket: Ticket): Promise<boolean> {
  let admitted = false;
  ticket.admitted.then(
    () => (admitted = true),
    () => undefined,
  );
  await new Promise((resolve) => setImmediate(resolve));
  return admitted;
}

describe('RequestAdmission', () => {
  it('given two places, admits two at once and the third when one leaves', async () => {
    const admission = new RequestAdmission({ working: 2, waiting: 10, lagTargetMs: 0 });
    const [a, b, c] = [admission.enter()!, admission.enter()!, admission.enter()!];
    expect([await isAdmitted(a), await isAdmitted(b), await isAdmitted(c)]).toEqual([true, true, false]);
    expect(admission.counts).toMatchObject({ working: 2, waiting: 1 });
    b.leave();
    expect(await isAdmitted(c)).toBe(true);
    expect(admission.counts).toMatchObject({ working: 2, waiting: 0 });
  });

  it('gives places in the order requests arrived', async () => {
    const admission = new RequestAdmission({ working: 1, waiting: 10, lagTargetMs: 0 });
    const first = admission.enter()!;
    const waiting = [admission.enter()!, admission.enter()!, admission.enter()!];
    const order: number[] = [];
    waiting.forEach((ticket, i) => void ticket.admitted.then(() => order.push(i)));
    first.leave();
    for (const ticket of waiting) {
      await new Promise((resolve) => setImmediate(resolve));
      ticket.leave();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1, 2]);
    expect(admission.counts).toMatchObject({ working: 0, waiting: 0 });
  });

  it('refuses a request when as many wait as may', () => {
    const admission = new RequestAdmission({ working: 1, waiting: 1, lagTargetMs: 0 });
    expect(admission.enter()).toBeDefined();
    expect(admission.enter()).toBeDefined();
    expect(admission.enter()).toBeUndefined();
  });

  it('lets a request that leaves before its turn quit the line, its promise rejected', async () => {
    const admission = new RequestAdmission({ working: 1, waiting: 10, lagTargetMs: 0 });
    const first = admission.enter()!;
    const [gone, next] = [admission.enter()!, admission.enter()!];
    gone.leave();
    await expect(gone.admitted).rejects.toThrow('left before its turn');
    expect(admission.counts).toMatchObject({ working: 1, waiting: 1 });
    first.leave();
    expect(await isAdmitted(next)).toBe(true);
  });

  it('frees a place once however often its request leaves', async () => {
    const admission = new RequestAdmission({ working: 1, waiting: 10, lagTargetMs: 0 });
    const first = admission.enter()!;
    const [b, c] = [admission.enter()!, admission.enter()!];
    first.leave();
    first.leave();
    expect([await isAdmitted(b), await isAdmitted(c)]).toEqual([true, false]);
    expect(admission.counts).toMatchObject({ working: 1, waiting: 1 });
  });

  it('without a limit admits everyone and counts no one', async () => {
    const admission = new RequestAdmission({ working: 0, waiting: 0, lagTargetMs: 0 });
    const tickets = Array.from({ length: 100 }, () => admission.enter()!);
    expect(await isAdmitted(tickets[99])).toBe(true);
    expect(admission.counts).toMatchObject({ working: 0, waiting: 0 });
  });
});

describe('RequestAdmission under slow read models', () => {
  it('works on fewer at once while writes wait past the target, and more again once they do not', async () => {
    const now = 0;
    const admission = new RequestAdmission({ working: 4, waiting: 10, lagTargetMs: 20 }, () => now);
    const working = Array.from({ length: 4 }, () => admission.enter()!);
    admission.observeWriteWait(45, 'CustomerCreated'); // 25 ms past the target its kind may add
    expect(admission.counts).toEqual({ working: 4, waiting: 0, limit: 3 });

    const waiting = admission.enter()!;
    working[0].leave();
    expect(await isAdmitted(waiting)).toBe(false);
    expect(admission.counts).toEqual({ working: 3, waiting: 1, limit: 3 });

    for (let i = 0; i < 3; i++) admission.observeWriteWait(5, 'CustomerCreated');
    expect(await isAdmitted(waiting)).toBe(true);
    expect(admission.counts).toEqual({ working: 4, waiting: 0, limit: 4 });
  });
});

describe('whenClosed', () => {
  /** A response on a real socket, and how to end it: answered, or its client gone. */
  async function response(): Promise<{ res: ServerResponse; answer(): void; leave(): void; stop(): void }> {
    let res!: ServerResponse;
    const reached = new Promise<void>((resolve) => {
      const server = createServer((_req, r) => {
        res = r;
        resolve();
      });
      server.listen(0, '127.0.0.1', () => {
        const client = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        client.on('error', () => undefined); // the socket leave() destroys
        client.on('response', (answer) => answer.resume());
        client.end();
        stopping = () => {
          client.destroy();
          server.close();
        };
        leaving = () => client.destroy();
      });
    });
    let stopping = () => undefined as void;
    let leaving = () => undefined as void;
    await reached;
    return { res, answer: () => res.end('ok'), leave: () => leaving(), stop: () => stopping() };
  }
  const closed = (res: ServerResponse) => new Promise((resolve) => res.once('close', resolve));

  it('calls back once the answer is sent', async () => {
    const r = await response();
    const done = jest.fn();
    whenClosed(r.res, done);
    expect(done).not.toHaveBeenCalled();
    r.answer();
    await closed(r.res);
    expect(done).toHaveBeenCalledTimes(1);
    r.stop();
  });

  it('calls back once the client leaves', async () => {
    const r = await response();
    const done = jest.fn();
    whenClosed(r.res, done);
    r.leave();
    await closed(r.res);
    expect(done).toHaveBeenCalledTimes(1);
    r.stop();
  });

  it('calls back at once when the client is gone already', async () => {
    const r = await response();
    r.leave();
    await closed(r.res);
    const done = jest.fn();
    whenClosed(r.res, done);
    expect(done).toHaveBeenCalledTimes(1);
    r.stop();
  });

  it('calls back at once when an injected response was destroyed already (it is never `closed`)', async () => {
    const app = Fastify();
    let raw!: ServerResponse;
    app.get('/', (_request, reply) => {
      raw = reply.raw;
      raw.destroy();
    });
    await expect(app.inject('/')).rejects.toThrow();
    const done = jest.fn();
    whenClosed(raw, done);
    expect(done).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
