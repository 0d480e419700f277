import { Inject, Injectable } from '@nestjs/common';
import { WebhookEndpointRecord } from '@app/domain';
import { Database, WebhookEndpointRow } from '@app/read-models';
import { ListEnvelope, pageOf, parsePageRequest, refuseUnknownParams, resourceMissing } from '@app/runtime';
import { Actor } from '../auth/actor';
import { isoTimestamp } from '../http/timestamps';
import { DATABASE } from '../store/tokens';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointWrites } from './webhook-endpoint-writes';
import {
  WebhookDeliveryJson,
  webhookDeliveryJson,
  WebhookEndpointJson,
  webhookEndpointJson,
} from './webhook-json';

/** Both lists page by number; neither counts (the deliveries grow without end). */
const LIST_PARAMS = ['page', 'limit'];

/** The account's endpoints (the read model) and one endpoint (its stream), with its deliveries. */
@Injectable()
export class WebhookEndpointReads {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writes: WebhookEndpointWrites,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  /** An account has few endpoints: one page of all of them, oldest first. */
  async list(
    actor: Actor,
    query: Record<string, unknown>,
    url: string,
  ): Promise<ListEnvelope<WebhookEndpointJson>> {
    refuseUnknownParams(query, LIST_PARAMS);
    const page = parsePageRequest(query);
    const rows = (await this.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', actor.accountId)
      .where('active', '=', true)
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as WebhookEndpointRow[];
    return pageOf(url, rows.map(rowJson), { ...page, includeTotal: false });
  }

  async retrieve(actor: Actor, id: string): Promise<{ record: WebhookEndpointRecord; revision: number }> {
    const { state, revision } = await this.writes.read(id);
    if (state.status !== 'live' || state.record.account_id !== actor.accountId) throw resourceMissing();
    return { record: state.record, revision };
  }

  async deliveriesOf(
    actor: Actor,
    id: string,
    query: Record<string, unknown>,
    url: string,
  ): Promise<ListEnvelope<WebhookDeliveryJson>> {
    refuseUnknownParams(query, LIST_PARAMS);
    await this.retrieve(actor, id);
    const page = parsePageRequest(query);
    const rows = await this.deliveries.list(id, page.offset, page.fetch);
    const listed = pageOf(url, rows.map(webhookDeliveryJson), { ...page, offset: 0, includeTotal: false });
    return { ...listed, pagination: { page: page.page, per_page: page.limit } };
  }
}

function rowJson(row: WebhookEndpointRow): WebhookEndpointJson {
  const record: WebhookEndpointRecord = {
    id: row.id,
    account_id: row.account_id,
    url: row.url,
    event_types: row.event_types,
    description: row.description,
    disabled: row.disabled,
    disabled_reason: row.disabled_reason,
    secret_rotated_at: row.secret_rotated_at && isoTimestamp(row.secret_rotated_at),
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
  return webhookEndpointJson(record, row.revision);
}
