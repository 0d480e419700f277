import { WebhookEndpointFields } from './fields';

/** The signing secret is never recorded: it lives in the runtime table `webhook_secrets`. */
export type WebhookEndpointCreated = {
  type: 'WebhookEndpointCreated';
  data: WebhookEndpointFields & { id: string; account_id: string; created_at: string };
};

/** Only the fields that changed; `disabled: false` clears the reason of an automatic disable. */
export type WebhookEndpointUpdated = {
  type: 'WebhookEndpointUpdated';
  data: { changes: Partial<WebhookEndpointFields & { disabled: boolean }>; updated_at: string };
};

/** That the secret changed and when: the old one stops signing at once. */
export type WebhookSecretRotated = { type: 'WebhookSecretRotated'; data: { rotated_at: string } };

/** The dispatcher gave up on the endpoint; deliveries stop until the client enables it again. */
export type WebhookEndpointDisabled = {
  type: 'WebhookEndpointDisabled';
  data: { reason: string; disabled_at: string };
};

export type WebhookEndpointDeleted = { type: 'WebhookEndpointDeleted'; data: { deleted_at: string } };

export type WebhookEndpointEvent =
  | WebhookEndpointCreated
  | WebhookEndpointUpdated
  | WebhookSecretRotated
  | WebhookEndpointDisabled
  | WebhookEndpointDeleted;
