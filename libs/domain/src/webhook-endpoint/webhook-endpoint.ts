import type { AggregateDefinition } from '@app/event-store';
import { WebhookEndpointEvent } from './events';
import { evolveWebhookEndpoint, initialWebhookEndpointState } from './evolve';
import { WebhookEndpointState } from './state';

/** Streams `webhookEndpoint-<uuid>`. */
export const webhookEndpointAggregate: AggregateDefinition<WebhookEndpointState, WebhookEndpointEvent> = {
  streamPrefix: 'webhookEndpoint',
  initialState: initialWebhookEndpointState,
  evolve: evolveWebhookEndpoint,
};
