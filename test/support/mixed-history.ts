import { randomUUID } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@app/event-store';
import { ProjectionRunner, ReactorRunner } from '@app/read-models';
import { EVENT_STORE } from '../../apps/api/src/store/tokens';
import { createWorld, World } from './fuzz-world';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A history of every document type through the API (createWorld's records), then moved on: an
 * adjustment, an invoice cancelled, an estimate converted, a sales order invoiced, a purchase
 * order received in part, a transfer sent and received and another deleted; settled once the
 * reactors and the read models have caught up.
 */
export async function seedMixedHistory(app: NestFastifyApplication): Promise<World> {
  const world = await createWorld(app);
  const call = async (method: 'POST' | 'DELETE', url: string, payload: Json = {}) => {
    const res = await app.inject({
      method,
      url,
      payload: method === 'POST' ? payload : undefined,
      headers: { ...world.owner.headers, 'idempotency-key': randomUUID() },
    });
    if (res.statusCode >= 300)
      throw new Error(`history: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  await call('POST', `/api/v3/items/${world.widget.id}/adjustments`, {
    location_id: world.home.id,
    quantity: 40,
    reason: 'Opening count',
  });
  await call('POST', `/api/v3/items/${world.shirt.id}/adjustments`, {
    location_id: world.home.id,
    item_variation_location_id: world.row,
    quantity: 10,
  });
  await call('POST', `/api/v3/invoices/${world.invoice.id}/cancel`);
  await call('POST', `/api/v3/estimates/${world.estimate.id}/convert-to-invoice`);
  await call('POST', `/api/v3/sales-orders/${world.salesOrder.id}/invoice`);
  await call('POST', `/api/v3/purchase-orders/${world.purchaseOrder.id}/receive`, {
    lines: [{ line_id: world.purchaseOrder.lines[0].id, quantity: 30 }],
  });
  await call('POST', `/api/v3/stock-transfers/${world.stockTransfer.id}/send`);
  await call('POST', `/api/v3/stock-transfers/${world.stockTransfer.id}/receive`);
  const dropped = await call('POST', '/api/v3/stock-transfers', {
    origin_location_id: world.home.id,
    destination_location_id: world.spare.id,
    lines: [{ item_id: world.widget.id, quantity: 1 }],
  });
  await call('DELETE', `/api/v3/stock-transfers/${dropped.id}`);
  await settled(app);
  return world;
}

/** Once the reactors, then the read models, have caught up with the log. */
export async function settled(app: NestFastifyApplication): Promise<void> {
  const head = await app.get<EventStore>(EVENT_STORE).headPosition();
  if (!head) return;
  await app.get(ReactorRunner).waitFor(head);
  await app.get(ProjectionRunner).waitFor(
    await app
      .get<EventStore>(EVENT_STORE)
      .headPosition()
      .then((h) => h!),
  );
}
