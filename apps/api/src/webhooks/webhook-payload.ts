import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AccountSettings, DEFAULT_ACCOUNT_SETTINGS, SCOPES } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { ChangeFeed } from '../changes/change-feed';
import { FEED_RECORD_OF_PREFIX } from '../changes/feed-records';
import { DATABASE } from '../store/tokens';
import { DeliveryRow } from './webhook-deliveries';

export interface WebhookPayload {
  id: string;
  type: string;
  created_at: string;
  data: { object: object };
}

/**
 * A delivery's body: the record as of the change's revision, as the change feed's expand=record
 * renders it, seen by the account as a whole (an endpoint belongs to the account, not to a user).
 */
@Injectable()
export class WebhookPayloads {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly feed: ChangeFeed,
  ) {}

  async of(delivery: DeliveryRow): Promise<WebhookPayload> {
    const kind = FEED_RECORD_OF_PREFIX.get(delivery.stream_prefix);
    if (!kind) throw new Error(`No feed record of stream prefix ${delivery.stream_prefix}`);
    const record = await this.feed.recordAsOf(await this.accountActor(delivery.account_id), kind, delivery);
    return {
      id: delivery.event_id,
      type: delivery.event_type,
      created_at: new Date(delivery.occurred_at).toISOString(),
      data: { object: { revision: delivery.revision, ...record } },
    };
  }

  private async accountActor(accountId: string): Promise<Actor> {
    const { rows } = await sql<{ timezone: string; settings: Partial<AccountSettings> }>`select timezone,
        settings from accounts where id = ${accountId}`.execute(this.database.db);
    const id = randomUUID();
    return {
      accountId,
      userId: id,
      apiKeyId: id,
      scopes: SCOPES,
      permissions: 'all',
      locationId: null,
      recordLimit: null,
      timezone: rows[0]?.timezone ?? 'UTC',
      settings: { ...DEFAULT_ACCOUNT_SETTINGS, ...rows[0]?.settings },
      requestId: `webhook-${id}`,
      idempotencyKey: null,
      correlationId: id,
    };
  }
}
