import { AddressInfo } from 'node:net';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { createCategory } from './support/catalog';
import { Caller, createCaller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Part 5 of issue 15. A body over the 1 MiB JSON limit (or a photo over 15 MB) is answered 413 in the envelope, and every client reads that
 * answer: the server takes in (and throws away) what is sent before answering, instead of answering
 * while the client still writes (which a client sees as EPIPE or a reset, not as the 413).
 */
describe('oversized JSON bodies over a real socket (PGlite)', () => {
  let t: TestApp;
  let base: string;
  let authorization: string;
  let caller: Caller;

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0]);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    caller = await createCaller(t.app);
    authorization = caller.headers.authorization;
  });
  afterAll(() => t?.close());

  it('answers 50 posts of a 2 MiB body with 50 readable 413s, none a connection error', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const outcomes: string[] = [];
    for (let i = 0; i < 50; i++) {
      try {
        const res = await fetch(`${base}/api/v3/customers`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body,
        });
        const json = (await res.json()) as { error?: { code?: string } };
        outcomes.push(`${res.status} ${json.error?.code} ${res.headers.get('connection')}`);
      } catch (error) {
        outcomes.push(
          `error ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
        );
      }
    }
    expect(outcomes.filter((o) => o !== '413 payload_too_large close')).toEqual([]);
  });

  it('answers 5 photo uploads of a 16 MiB file with 5 readable 413s, none a connection error', async () => {
    const category = await createCategory(t.app, caller);
    const item = await t.app.inject({
      method: 'POST',
      url: '/api/v3/items',
      headers: { authorization },
      payload: { name: 'Big photo', inventory_type: 'quantity', category_id: category.id },
    });
    expect(item.statusCode).toBe(201);
    const photo = new Blob([new Uint8Array(16 * 1024 * 1024).fill(7)], { type: 'image/jpeg' });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('photo', photo, 'big.jpg');
      try {
        const res = await fetch(`${base}/api/v3/items/${item.json().id}/photos`, {
          method: 'POST',
          headers: { authorization },
          body: form,
        });
        const json = (await res.json()) as { error?: { code?: string } };
        outcomes.push(`${res.status} ${json.error?.code} ${res.headers.get('connection')}`);
      } catch (error) {
        outcomes.push(
          `error ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
        );
      }
    }
    expect(outcomes.filter((o) => o !== '413 payload_too_large close')).toEqual([]);
  });

  it('answers a chunked body (no Content-Length) over the limit with a readable 413', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
          if (sent++ < 32) controller.enqueue(chunk);
          else {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
          }
        },
      });
      try {
        const res = await fetch(`${base}/api/v3/customers`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit);
        const json = (await res.json()) as { error?: { code?: string } };
        outcomes.push(`${res.status} ${json.error?.code}`);
      } catch (error) {
        outcomes.push(
          `error ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
        );
      }
    }
    expect(outcomes.filter((o) => o !== '413 payload_too_large')).toEqual([]);
  });
});
