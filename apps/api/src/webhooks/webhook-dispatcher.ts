import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { webhookTypesOf, subscribesTo, WrittenEvent } from '@app/domain';
import { Database, leasesFor, ProjectorLeases, RecordChangeRow, WebhookEndpointRow } from '@app/read-models';
import { ApiConfig, StateKeepingStore } from '@app/runtime';
import { PinoLogger } from 'nestjs-pino';
import { FEED_RECORD_OF_PREFIX } from '../changes/feed-records';
import { RepeatedTurns } from '../operations/repeated-turns';
import { API_CONFIG, DATABASE, EVENT_STORE } from '../store/tokens';
import { DeliveryRow, NewDelivery, WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointWrites } from './webhook-endpoint-writes';
import { migrateWebhooks } from './webhook-migrations';
import { WebhookPayloads } from './webhook-payload';
import { WebhookSecrets } from './webhook-secrets';
import { sendSigned } from './webhook-sender';

/** The lease that makes one process of the database the sender (the projectors' mechanism). */
export const WEBHOOK_LEASE = 'webhook_deliveries';
/** Changes scheduled per endpoint and query; deliveries in flight at once, and to one endpoint. */
const SCHEDULE_BATCH = 200;
const CONCURRENT_SENDS = 8;
const CONCURRENT_SENDS_PER_ENDPOINT = 2;

/**
 * Webhooks from the log: turn by turn, the process holding the lease makes each enabled endpoint's
 * deliveries from `record_changes` after its cursor (the log is the outbox: only committed writes
 * are there), then starts sending the due ones into free slots, beside the requests. Sends outlive
 * their turn (a slot freed wakes the next), and one endpoint holds two slots at most, so a slow
 * receiver delays its own deliveries only, never another's, the scheduling or a write. A failure is retried on the schedule, then marked failed; an
 * endpoint failing for `webhookDisableAfterMs` is disabled through its stream.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly leases: ProjectorLeases;
  private readonly turns = new RepeatedTurns(
    () => this.runTurn(),
    () => this.config.webhookPollMs,
  );
  private readonly inFlight = new Map<string, { delivery: DeliveryRow; sending: Promise<void> }>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(EVENT_STORE) private readonly events: StateKeepingStore,
    private readonly deliveries: WebhookDeliveries,
    private readonly secrets: WebhookSecrets,
    private readonly payloads: WebhookPayloads,
    private readonly writes: WebhookEndpointWrites,
    private readonly logger: PinoLogger,
  ) {
    this.leases = leasesFor(database);
  }

  async onApplicationBootstrap(): Promise<void> {
    await migrateWebhooks(this.database.db);
    this.turns.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    await this.turns.stop();
    await Promise.all([...this.inFlight.values()].map(({ sending }) => sending));
    await this.leases.releaseAll();
  }

  /** Runs a turn now (a retry asked for by a client), else at the next tick. */
  wake(): void {
    if (!this.turns.running) this.turns.schedule(0);
  }

  private async runTurn(): Promise<void> {
    try {
      if ((await this.leases.acquire([WEBHOOK_LEASE])).length === 0) return;
      for (const endpoint of await this.deliveries.endpointsWithNewChanges())
        await this.scheduleFor(endpoint);
      await this.fillSlots();
    } catch (error) {
      // A store away is transient: the next turn tries again from the committed cursors.
      this.logger.warn({ err: error }, 'Webhook turn failed');
    }
  }

  /** A disabled endpoint's cursor moves on too: enabled again, it gets the changes from then on. */
  private async scheduleFor(endpoint: WebhookEndpointRow): Promise<void> {
    for (;;) {
      const cursor = await this.deliveries.cursorOf(endpoint);
      const rows = await this.deliveries.changesAfter(endpoint.account_id, cursor, SCHEDULE_BATCH);
      if (rows.length === 0) return;
      const made: NewDelivery[] = [];
      if (!endpoint.disabled) {
        for (const row of rows) {
          const object = FEED_RECORD_OF_PREFIX.get(row.stream_prefix)?.object;
          if (!object) continue;
          for (const type of webhookTypesOf(object, row.change, await this.writtenEvents(row)))
            if (subscribesTo(endpoint.event_types, type)) made.push({ row, object, type });
        }
      }
      await this.deliveries.schedule(endpoint, made, rows.at(-1)!);
      if (rows.length < SCHEDULE_BATCH) return;
    }
  }

  /** The change's events: their types, and a payment's data, read only when there is one. */
  private async writtenEvents(row: RecordChangeRow): Promise<WrittenEvent[]> {
    if (!row.event_types.includes('InvoicePaymentRecorded')) return row.event_types.map((type) => ({ type }));
    const fromRevision = row.revision - row.event_types.length + 1;
    const events = await this.events.readStream(`${row.stream_prefix}-${row.record_id}`, {
      fromRevision,
      maxCount: row.event_types.length,
    });
    return events.map(({ type, data }) => ({ type, data }));
  }

  /** Starts the oldest due deliveries no slot is sending, while slots are free. */
  private async fillSlots(): Promise<void> {
    while (!this.turns.stopped && this.inFlight.size < CONCURRENT_SENDS) {
      const next = await this.nextDue();
      if (next.length === 0) return;
      for (const delivery of next) this.start(delivery);
    }
  }

  private start(delivery: DeliveryRow): void {
    const sending = this.send(delivery)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, delivery: delivery.id }, 'Webhook send failed'),
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.wake();
      });
    this.inFlight.set(delivery.id, { delivery, sending });
  }

  /** Due deliveries for the free slots, past those in flight and endpoints at their share. */
  private async nextDue(): Promise<DeliveryRow[]> {
    const due = await this.deliveries.due(CONCURRENT_SENDS + this.inFlight.size, [...this.inFlight.keys()]);
    const perEndpoint = new Map<string, number>();
    for (const { delivery } of this.inFlight.values())
      perEndpoint.set(delivery.endpoint_id, (perEndpoint.get(delivery.endpoint_id) ?? 0) + 1);
    const chosen: DeliveryRow[] = [];
    for (const delivery of due) {
      if (this.inFlight.size + chosen.length >= CONCURRENT_SENDS) break;
      const sending = perEndpoint.get(delivery.endpoint_id) ?? 0;
      if (sending >= CONCURRENT_SENDS_PER_ENDPOINT) continue;
      perEndpoint.set(delivery.endpoint_id, sending + 1);
      chosen.push(delivery);
    }
    return chosen;
  }

  private async send(delivery: DeliveryRow): Promise<void> {
    const endpoint = await this.database.db
      .selectFrom('webhook_endpoints')
      .select(['url', 'account_id'])
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirst();
    const secret = await this.secrets.secretOf(delivery.endpoint_id);
    if (!endpoint || !secret) return;
    const payload = await this.payloads.of(delivery);
    const outcome = await sendSigned(endpoint.url, secret, delivery.id, JSON.stringify(payload));
    const delays = this.config.webhookRetryDelaysMs;
    await this.deliveries.record(delivery.id, outcome, outcome.succeeded ? 0 : delays[delivery.attempts]);
    if (!outcome.succeeded) await this.disableIfFailingTooLong(delivery);
  }

  private async disableIfFailingTooLong(delivery: DeliveryRow): Promise<void> {
    const since = await this.deliveries.failingSince(delivery.endpoint_id);
    if (!since || Date.now() - since.getTime() < this.config.webhookDisableAfterMs) return;
    const days = Math.round(this.config.webhookDisableAfterMs / 86_400_000);
    await this.writes.write(
      delivery.account_id,
      delivery.endpoint_id,
      {
        type: 'DisableWebhookEndpoint',
        reason: `Deliveries have failed since ${since.toISOString()} (${days} days or more).`,
      },
      { metadata: { account_id: delivery.account_id, causation_id: delivery.id } },
    );
  }
}
