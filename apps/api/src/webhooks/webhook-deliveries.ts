import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Database, RecordChangeRow, WebhookEndpointRow } from '@app/read-models';
import { sql } from 'kysely';
import { DATABASE } from '../store/tokens';

/** One row of `webhook_deliveries`. */
export interface DeliveryRow {
  id: string;
  seq: string;
  endpoint_id: string;
  account_id: string;
  event_id: string;
  event_type: string;
  object: string;
  stream_prefix: string;
  record_id: string;
  revision: number;
  change: RecordChangeRow['change'];
  occurred_at: Date;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  first_failed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A delivery to make: one webhook event of one change for one endpoint. */
export interface NewDelivery {
  row: RecordChangeRow;
  object: string;
  type: string;
}

export interface Outcome {
  statusCode: number | null;
  error: string | null;
  succeeded: boolean;
}

/**
 * Ids that stay the same however often a change is scheduled: the event's (`evt_`, the payload's
 * `id`) from the record, the revision its write began at and the type; the delivery's (`msg_`, the
 * `webhook-id` header the receiver deduplicates on) from that and the endpoint. A write the change
 * feed first saw in part (split across two projector batches) keeps its ids once seen whole.
 */
export function webhookEventId(row: RecordChangeRow, type: string): string {
  const firstRevision = row.revision - row.event_types.length + 1;
  return `evt_${digest(`${row.stream_prefix}-${row.record_id}/${firstRevision}/${type}`)}`;
}

export function deliveryId(endpointId: string, eventId: string): string {
  return `msg_${digest(`${endpointId}/${eventId}`)}`;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

/** The runtime tables behind the dispatcher and the deliveries endpoints. */
@Injectable()
export class WebhookDeliveries {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The active endpoints whose account has changes past their cursor: one query a turn. */
  async endpointsWithNewChanges(): Promise<WebhookEndpointRow[]> {
    const { rows } = await sql<WebhookEndpointRow>`select e.* from webhook_endpoints e
        left join webhook_cursors k on k.endpoint_id = e.id
      where e.active and exists (select 1 from record_changes c where c.account_id = e.account_id
        and (c.commit_position, c.prepare_position) > (coalesce(k.commit_position, e.created_commit_position),
          coalesce(k.prepare_position, e.created_prepare_position)))`.execute(this.database.db);
    return rows;
  }

  /** Where the endpoint's next changes start: its cursor, else its creation. */
  async cursorOf(endpoint: WebhookEndpointRow): Promise<{ commit: string; prepare: string }> {
    const { rows } = await sql<{ commit: string; prepare: string }>`select commit_position::text as commit,
        prepare_position::text as prepare from webhook_cursors where endpoint_id = ${endpoint.id}`.execute(
      this.database.db,
    );
    return (
      rows[0] ?? {
        commit: String(endpoint.created_commit_position),
        prepare: String(endpoint.created_prepare_position),
      }
    );
  }

  /** The account's changes after the cursor, in log order. */
  async changesAfter(
    accountId: string,
    cursor: { commit: string; prepare: string },
    limit: number,
  ): Promise<RecordChangeRow[]> {
    const { rows } = await sql<RecordChangeRow>`select c.*, c.commit_position::text as commit_position,
        c.prepare_position::text as prepare_position from record_changes c
      where c.account_id = ${accountId}
        and (c.commit_position, c.prepare_position) > (${cursor.commit}::numeric, ${cursor.prepare}::numeric)
      order by c.commit_position, c.prepare_position limit ${limit}`.execute(this.database.db);
    return rows;
  }

  /**
   * The deliveries of the changes up to `last` and the cursor's move, in one transaction: a crash
   * loses none and makes none twice (a delivery seen again is the same id, kept as it is).
   */
  async schedule(
    endpoint: WebhookEndpointRow,
    deliveries: readonly NewDelivery[],
    last: RecordChangeRow,
  ): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      for (const { row, object, type } of deliveries) {
        const eventId = webhookEventId(row, type);
        const id = deliveryId(endpoint.id, eventId);
        await sql`insert into webhook_deliveries (id, endpoint_id, account_id, event_id, event_type, object,
            stream_prefix, record_id, revision, change, commit_position, prepare_position, occurred_at,
            status, next_attempt_at)
          values (${id}, ${endpoint.id}, ${endpoint.account_id}, ${eventId}, ${type}, ${object}, ${row.stream_prefix},
            ${row.record_id}, ${row.revision}, ${row.change}, ${row.commit_position}::numeric,
            ${row.prepare_position}::numeric, ${row.occurred_at}, 'pending', now())
          on conflict (id) do nothing`.execute(trx);
      }
      await sql`insert into webhook_cursors (endpoint_id, commit_position, prepare_position)
        values (${endpoint.id}, ${last.commit_position}::numeric, ${last.prepare_position}::numeric)
        on conflict (endpoint_id) do update set commit_position = excluded.commit_position,
          prepare_position = excluded.prepare_position`.execute(trx);
    });
  }

  /**
   * Due deliveries of enabled endpoints, oldest first, each the first pending one of its record and
   * endpoint: a later change of a record waits while an earlier one is pending (or in flight).
   */
  async due(limit: number, inFlight: readonly string[] = []): Promise<DeliveryRow[]> {
    const { rows } = await sql<DeliveryRow>`select d.*, d.seq::text as seq from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.active and not e.disabled
      where d.status = 'pending' and d.next_attempt_at <= now()
        and not exists (select 1 from webhook_deliveries p where p.endpoint_id = d.endpoint_id
          and p.record_id = d.record_id and p.status = 'pending' and p.seq < d.seq)
        and d.id <> all(${[...inFlight]}::text[])
      order by d.seq limit ${limit}`.execute(this.database.db);
    return rows;
  }

  /** An attempt's outcome: succeeded, retried after `retryInMs`, or failed when that is undefined. */
  async record(id: string, outcome: Outcome, retryInMs: number | undefined): Promise<void> {
    const status = outcome.succeeded ? 'succeeded' : retryInMs === undefined ? 'failed' : 'pending';
    const next = status === 'pending' ? sql`now() + ${`${retryInMs} milliseconds`}::interval` : sql`null`;
    const firstFailed = outcome.succeeded ? sql`first_failed_at` : sql`coalesce(first_failed_at, now())`;
    await sql`update webhook_deliveries set status = ${status}, attempts = attempts + 1,
        last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
        next_attempt_at = ${next}, first_failed_at = ${firstFailed}, updated_at = now()
      where id = ${id}`.execute(this.database.db);
  }

  /** Since when the endpoint's deliveries have failed without a success in between, if they have. */
  async failingSince(endpointId: string): Promise<Date | undefined> {
    const { rows } = await sql<{ since: Date | null }>`select min(first_failed_at) as since
      from webhook_deliveries where endpoint_id = ${endpointId} and status <> 'succeeded'
        and first_failed_at > coalesce((select max(updated_at) from webhook_deliveries
          where endpoint_id = ${endpointId} and status = 'succeeded'), '-infinity')`.execute(
      this.database.db,
    );
    return rows[0]?.since ? new Date(rows[0].since) : undefined;
  }

  async list(endpointId: string, offset: number, limit: number): Promise<DeliveryRow[]> {
    const { rows } = await sql<DeliveryRow>`select d.*, d.seq::text as seq from webhook_deliveries d
      where d.endpoint_id = ${endpointId} order by d.seq desc offset ${offset} limit ${limit}`.execute(
      this.database.db,
    );
    return rows;
  }

  async one(endpointId: string, id: string): Promise<DeliveryRow | undefined> {
    const { rows } = await sql<DeliveryRow>`select *, seq::text as seq from webhook_deliveries
      where endpoint_id = ${endpointId} and id = ${id}`.execute(this.database.db);
    return rows[0];
  }

  /** Due again at once; attempts go on counting, so a failed one has one more try. */
  async retryNow(endpointId: string, id: string): Promise<DeliveryRow | undefined> {
    const { rows } = await sql<DeliveryRow>`update webhook_deliveries set status = 'pending',
        next_attempt_at = now(), updated_at = now()
      where endpoint_id = ${endpointId} and id = ${id} returning *, seq::text as seq`.execute(
      this.database.db,
    );
    return rows[0];
  }
}
