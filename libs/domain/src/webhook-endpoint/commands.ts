import { WebhookEndpointInput } from './fields';

/** `id` is a new UUID chosen by the handler, which keeps the new secret outside the log. */
export type CreateWebhookEndpoint = {
  type: 'CreateWebhookEndpoint';
  id: string;
  input: WebhookEndpointInput;
};
/** Only the fields given change; `disabled: false` enables a disabled endpoint again. */
export type UpdateWebhookEndpoint = { type: 'UpdateWebhookEndpoint'; input: WebhookEndpointInput };
/** The handler stores the new secret first; the event records only that it happened. */
export type RotateWebhookSecret = { type: 'RotateWebhookSecret' };
export type DeleteWebhookEndpoint = { type: 'DeleteWebhookEndpoint' };
/** By the dispatcher, when deliveries have failed for too long. */
export type DisableWebhookEndpoint = { type: 'DisableWebhookEndpoint'; reason: string };

export type WebhookEndpointCommand =
  | CreateWebhookEndpoint
  | UpdateWebhookEndpoint
  | RotateWebhookSecret
  | DeleteWebhookEndpoint
  | DisableWebhookEndpoint;
