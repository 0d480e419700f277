import { WebhookEndpointRecord, WebhookEndpointView, webhookEndpointView } from '@app/domain';
import { isoTimestamp } from '../http/timestamps';
import { DeliveryRow } from './webhook-deliveries';

/** An endpoint as the API answers it: the domain's view and its stream revision. */
export type WebhookEndpointJson = WebhookEndpointView & { revision: number };

export function webhookEndpointJson(
  record: WebhookEndpointRecord,
  revision: number,
  secret?: string,
): WebhookEndpointJson {
  return { ...webhookEndpointView(record, secret), revision };
}

export interface WebhookDeliveryJson {
  id: string;
  object: 'webhook_delivery';
  endpoint_id: string;
  event_id: string;
  event_type: string;
  record: { object: string; id: string; revision: number };
  status: DeliveryRow['status'];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export function webhookDeliveryJson(row: DeliveryRow): WebhookDeliveryJson {
  return {
    id: row.id,
    object: 'webhook_delivery',
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    record: { object: row.object, id: row.record_id, revision: row.revision },
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at && isoTimestamp(row.next_attempt_at),
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
