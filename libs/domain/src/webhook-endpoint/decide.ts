import { Decision } from '../shared/decision';
import { conflict, isDomainError } from '../shared/domain-error';
import { changedFields, isEmpty, parseFields, requireFields } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { WebhookEndpointCommand } from './commands';
import { WebhookEndpointContext } from './context';
import { WebhookEndpointEvent } from './events';
import { webhookEndpointParsers, webhookEndpointUpdateParsers } from './fields';
import { WebhookEndpointState } from './state';

export function decideWebhookEndpoint(
  command: WebhookEndpointCommand,
  state: WebhookEndpointState,
  context: WebhookEndpointContext,
): Decision<WebhookEndpointEvent> {
  const { now, accountId } = context;
  if (command.type === 'CreateWebhookEndpoint') {
    if (state.status !== 'absent')
      return conflict('resource_already_exists', 'This webhook endpoint already exists.');
    const missing = requireFields(command.input, ['url', 'event_types']);
    if (missing) return missing;
    const given = parseFields(webhookEndpointParsers(context.allowInsecureUrls), command.input);
    if (isDomainError(given)) return given;
    const data = {
      id: command.id,
      account_id: accountId,
      url: given.url!,
      event_types: given.event_types!,
      description: given.description ?? null,
      created_at: now,
    };
    return [{ type: 'WebhookEndpointCreated', data }];
  }
  const endpoint = liveRecordIn(state, accountId);
  if (isDomainError(endpoint)) return endpoint;
  switch (command.type) {
    case 'UpdateWebhookEndpoint': {
      const given = parseFields(webhookEndpointUpdateParsers(context.allowInsecureUrls), command.input);
      if (isDomainError(given)) return given;
      const changes = changedFields(endpoint, given);
      return isEmpty(changes) ? [] : [{ type: 'WebhookEndpointUpdated', data: { changes, updated_at: now } }];
    }
    case 'RotateWebhookSecret':
      return [{ type: 'WebhookSecretRotated', data: { rotated_at: now } }];
    case 'DisableWebhookEndpoint':
      // Disabled already (by the client or an earlier run): nothing more to record.
      return endpoint.disabled
        ? []
        : [{ type: 'WebhookEndpointDisabled', data: { reason: command.reason, disabled_at: now } }];
    case 'DeleteWebhookEndpoint':
      return [{ type: 'WebhookEndpointDeleted', data: { deleted_at: now } }];
  }
}
