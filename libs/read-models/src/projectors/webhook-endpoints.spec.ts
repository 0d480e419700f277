import { A, ACCOUNT, at, B, log, projectorOn } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { webhookEndpointsProjector } from './webhook-endpoints';

postgresSkipNotice('webhook_endpoints projector');

const created = (id: string, minute: number) => ({
  id,
  account_id: ACCOUNT,
  url: `https://hooks.example.com/${id.slice(-1)}`,
  event_types: ['invoice.created'],
  description: null,
  created_at: at(minute),
});

describe.each(testDatabases())('webhook_endpoints on $name', (target) => {
  const projector = projectorOn(target, webhookEndpointsProjector);
  const rows = (schema: string) =>
    projector.rows(
      schema,
      'webhook_endpoints',
      't.created_at',
      't.created_commit_position::text as since, t.updated_at::text as updated',
    );

  it('keeps each endpoint with its creation position, changes, disabling and deletion', async () => {
    const events = log(
      [`webhookEndpoint-${A}`, 'WebhookEndpointCreated', created(A, 1)],
      [`webhookEndpoint-${B}`, 'WebhookEndpointCreated', created(B, 2)],
      [
        `webhookEndpoint-${A}`,
        'WebhookEndpointUpdated',
        { changes: { event_types: ['*'], description: 'ERP' }, updated_at: at(3) },
      ],
      [`webhookEndpoint-${A}`, 'WebhookSecretRotated', { rotated_at: at(4) }],
      [`webhookEndpoint-${B}`, 'WebhookEndpointDisabled', { reason: 'failing', disabled_at: at(5) }],
      [`webhookEndpoint-${A}`, 'WebhookEndpointDeleted', { deleted_at: at(6) }],
    );
    await projector.project('hooks_life', [events.slice(0, 3), events.slice(3)]);
    expect(
      (await rows('hooks_life')).map((row) => [
        row.id,
        row.event_types,
        row.description,
        row.disabled,
        row.disabled_reason,
        row.active,
        row.revision,
        row.since,
      ]),
    ).toEqual([
      [A, ['*'], 'ERP', false, null, false, 3, '1'],
      [B, ['invoice.created'], null, true, 'failing', true, 1, '2'],
    ]);
  });

  it('clears the reason when the client enables the endpoint again', async () => {
    await projector.project('hooks_enabled', [
      log(
        [`webhookEndpoint-${A}`, 'WebhookEndpointCreated', created(A, 1)],
        [`webhookEndpoint-${A}`, 'WebhookEndpointDisabled', { reason: 'failing', disabled_at: at(2) }],
        [
          `webhookEndpoint-${A}`,
          'WebhookEndpointUpdated',
          { changes: { disabled: false }, updated_at: at(3) },
        ],
      ),
    ]);
    expect(await rows('hooks_enabled')).toMatchObject([
      { disabled: false, disabled_reason: null, revision: 2 },
    ]);
  });
});
