import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Caller } from './operator';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POSTs with a fresh Idempotency-Key (locations and zones require one) and expects 201. */
async function createdAs(
  app: NestFastifyApplication,
  caller: Caller,
  url: string,
  payload: Json,
): Promise<Json> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...caller.headers, 'idempotency-key': randomUUID() },
  });
  if (res.statusCode !== 201) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A new location in the caller's account (the caller needs inventory.modify and no location restriction). */
export function createLocation(app: NestFastifyApplication, caller: Caller, body: Json = {}): Promise<Json> {
  const tag = randomUUID().slice(0, 8);
  return createdAs(app, caller, '/api/v3/locations', {
    name: `Location ${tag}`,
    short_name: `L-${tag}`,
    ...body,
  });
}

/** A new zone of the given location. */
export function createZone(
  app: NestFastifyApplication,
  caller: Caller,
  locationId: string,
  body: Json = {},
): Promise<Json> {
  const tag = randomUUID().slice(0, 8);
  return createdAs(app, caller, `/api/v3/locations/${locationId}/zones`, {
    name: `Zone ${tag}`,
    short_name: `Z-${tag}`,
    ...body,
  });
}

/** A new item category of the caller's account: a root quantity category unless `body` says otherwise. */
export function createCategory(app: NestFastifyApplication, caller: Caller, body: Json = {}): Promise<Json> {
  return createdAs(app, caller, '/api/v3/item-categories', {
    name: `Category ${randomUUID().slice(0, 8)}`,
    inventory_type: 'quantity',
    ...body,
  });
}
