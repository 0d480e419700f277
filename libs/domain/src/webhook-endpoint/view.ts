import { WebhookEndpointRecord } from './state';

/** An endpoint as the API answers it: the secret only in the answers that create or rotate it. */
export type WebhookEndpointView = {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  event_types: string[];
  description: string | null;
  disabled: boolean;
  disabled_reason: string | null;
  secret?: string;
  secret_rotated_at: string | null;
  created_at: string;
  updated_at: string;
};

export function webhookEndpointView(endpoint: WebhookEndpointRecord, secret?: string): WebhookEndpointView {
  const { id, url, event_types, description, disabled, disabled_reason } = endpoint;
  return {
    id,
    object: 'webhook_endpoint',
    url,
    event_types: [...event_types],
    description,
    disabled,
    disabled_reason,
    ...(secret === undefined ? {} : { secret }),
    secret_rotated_at: endpoint.secret_rotated_at,
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
  };
}
