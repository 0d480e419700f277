import { ABSENT, markDeleted, updateLive } from '../shared/record-state';
import { WebhookEndpointEvent } from './events';
import { WebhookEndpointState } from './state';

export const initialWebhookEndpointState: WebhookEndpointState = ABSENT;

export function evolveWebhookEndpoint(
  state: WebhookEndpointState,
  event: WebhookEndpointEvent,
): WebhookEndpointState {
  switch (event.type) {
    case 'WebhookEndpointCreated': {
      const { created_at } = event.data;
      const record = {
        ...event.data,
        disabled: false,
        disabled_reason: null,
        secret_rotated_at: null,
        updated_at: created_at,
      };
      return { status: 'live', record };
    }
    case 'WebhookEndpointUpdated': {
      const { changes, updated_at } = event.data;
      return updateLive(state, (record) => ({
        ...record,
        ...changes,
        disabled_reason: changes.disabled === undefined ? record.disabled_reason : null,
        updated_at,
      }));
    }
    case 'WebhookSecretRotated':
      return updateLive(state, (record) => ({
        ...record,
        secret_rotated_at: event.data.rotated_at,
        updated_at: event.data.rotated_at,
      }));
    case 'WebhookEndpointDisabled':
      return updateLive(state, (record) => ({
        ...record,
        disabled: true,
        disabled_reason: event.data.reason,
        updated_at: event.data.disabled_at,
      }));
    case 'WebhookEndpointDeleted':
      return markDeleted(state);
    default:
      return state;
  }
}
