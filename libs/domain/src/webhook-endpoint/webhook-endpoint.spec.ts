import { ACCOUNT_ID, LATER, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario } from '../testing/scenario';
import { WebhookEndpointCommand } from './commands';
import { WebhookEndpointContext } from './context';
import { decideWebhookEndpoint } from './decide';
import { webhookTypesOf, WEBHOOK_EVENT_TYPES } from './event-types';
import { WebhookEndpointCreated, WebhookEndpointEvent } from './events';
import { evolveWebhookEndpoint, initialWebhookEndpointState } from './evolve';
import { isPrivateHost } from './url';
import { webhookEndpointView } from './view';
import { webhookEndpointAggregate } from './webhook-endpoint';

const folding = { initialState: initialWebhookEndpointState, evolve: evolveWebhookEndpoint };
const endpoint = scenario(folding, decideWebhookEndpoint);

const secure: WebhookEndpointContext = { now: NOW, accountId: ACCOUNT_ID, allowInsecureUrls: false };
const insecure: WebhookEndpointContext = { ...secure, allowInsecureUrls: true };
const later: WebhookEndpointContext = { ...secure, now: LATER };

const create = (input: object, context = secure) =>
  endpoint.given().when({ type: 'CreateWebhookEndpoint', id: RECORD_ID, input }, context);

const created: WebhookEndpointCreated = {
  type: 'WebhookEndpointCreated',
  data: {
    id: RECORD_ID,
    account_id: ACCOUNT_ID,
    url: 'https://hooks.example.com/in',
    event_types: ['invoice.created'],
    description: null,
    created_at: NOW,
  },
};
const on = (command: WebhookEndpointCommand, context = later, ...before: WebhookEndpointEvent[]) =>
  endpoint.given(created, ...before).when(command, context);

describe('WebhookEndpoint', () => {
  it('streams as webhookEndpoint-<id>', () => {
    expect(webhookEndpointAggregate.streamPrefix).toBe('webhookEndpoint');
  });

  describe('creating', () => {
    it('records the URL and the types, never a secret', () => {
      expect(create({ url: 'https://hooks.example.com/in', event_types: ['invoice.created'] })).toEqual([
        created,
      ]);
    });

    it('requires the URL and the types', () => {
      expect(create({ event_types: ['invoice.created'] })).toMatchObject({ status: 422, param: 'url' });
      expect(create({ url: 'https://hooks.example.com' })).toMatchObject({ param: 'event_types' });
    });

    it.each([['http://hooks.example.com'], ['ftp://hooks.example.com'], ['hooks.example.com'], [12]])(
      'refuses the URL %p',
      (url) => {
        expect(create({ url, event_types: ['*'] })).toMatchObject({
          status: 422,
          code: 'validation_failed',
          param: 'url',
        });
      },
    );

    it.each([
      ['https://localhost/in'],
      ['https://127.0.0.1/in'],
      ['https://10.1.2.3/'],
      ['https://172.20.0.1/'],
      ['https://192.168.1.1/'],
      ['https://169.254.169.254/latest'],
      ['https://[::1]/'],
      ['https://[fd12::1]/'],
    ])('refuses the private host of %s unless insecure URLs are allowed', (url) => {
      expect(create({ url, event_types: ['*'] })).toMatchObject({ status: 422, param: 'url' });
      expect(create({ url, event_types: ['*'] }, insecure)).toMatchObject([{ data: { url } }]);
    });

    it('takes plain http only when insecure URLs are allowed', () => {
      expect(create({ url: 'http://127.0.0.1:8080/in', event_types: ['*'] }, insecure)).toMatchObject([
        { data: { url: 'http://127.0.0.1:8080/in' } },
      ]);
    });

    it('refuses an unknown type naming its index, and an empty list', () => {
      const url = 'https://hooks.example.com';
      expect(create({ url, event_types: ['invoice.created', 'invoice.flew'] })).toMatchObject({
        param: 'event_types.1',
      });
      expect(create({ url, event_types: [] })).toMatchObject({ param: 'event_types' });
      expect(create({ url, event_types: 'invoice.created' })).toMatchObject({ param: 'event_types' });
    });

    it('drops duplicated types and keeps the wildcard', () => {
      const url = 'https://hooks.example.com';
      expect(create({ url, event_types: ['*', 'item.updated', 'item.updated'] })).toMatchObject([
        { data: { event_types: ['*', 'item.updated'] } },
      ]);
    });

    it('answers 409 for an id that exists', () => {
      expect(
        endpoint.given(created).when({ type: 'CreateWebhookEndpoint', id: RECORD_ID, input: {} }, secure),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('updating', () => {
    it('records only what changed', () => {
      const input = { url: 'https://hooks.example.com/in', description: 'ERP', disabled: true };
      expect(on({ type: 'UpdateWebhookEndpoint', input })).toEqual([
        {
          type: 'WebhookEndpointUpdated',
          data: { changes: { description: 'ERP', disabled: true }, updated_at: LATER },
        },
      ]);
      expect(on({ type: 'UpdateWebhookEndpoint', input: { event_types: ['invoice.created'] } })).toEqual([]);
    });

    it('checks the values as a create does', () => {
      expect(on({ type: 'UpdateWebhookEndpoint', input: { url: 'http://x.example' } })).toMatchObject({
        param: 'url',
      });
      expect(on({ type: 'UpdateWebhookEndpoint', input: { disabled: 'yes' } })).toMatchObject({
        param: 'disabled',
      });
    });

    it('enables an endpoint the dispatcher disabled, clearing the reason', () => {
      const disabled: WebhookEndpointEvent = {
        type: 'WebhookEndpointDisabled',
        data: { reason: 'failing for 5 days', disabled_at: NOW },
      };
      const enabled = on({ type: 'UpdateWebhookEndpoint', input: { disabled: false } }, later, disabled);
      expect(enabled).toMatchObject([{ data: { changes: { disabled: false } } }]);
      const record = liveRecordAfter(folding, [created, disabled, ...(enabled as WebhookEndpointEvent[])]);
      expect(record).toMatchObject({ disabled: false, disabled_reason: null });
    });
  });

  describe('the secret, disabling and deleting', () => {
    it('records that the secret was rotated and when', () => {
      const rotated = on({ type: 'RotateWebhookSecret' });
      expect(rotated).toEqual([{ type: 'WebhookSecretRotated', data: { rotated_at: LATER } }]);
      expect(liveRecordAfter(folding, [created, ...(rotated as WebhookEndpointEvent[])])).toMatchObject({
        secret_rotated_at: LATER,
      });
    });

    it('disables with the reason, once', () => {
      const command = { type: 'DisableWebhookEndpoint', reason: 'failing for 5 days' } as const;
      const disabled = on(command);
      expect(disabled).toEqual([
        { type: 'WebhookEndpointDisabled', data: { reason: 'failing for 5 days', disabled_at: LATER } },
      ]);
      expect(on(command, later, ...(disabled as WebhookEndpointEvent[]))).toEqual([]);
    });

    it('deletes, then answers 404; another account sees none', () => {
      const deleted = on({ type: 'DeleteWebhookEndpoint' }) as WebhookEndpointEvent[];
      expect(deleted).toEqual([{ type: 'WebhookEndpointDeleted', data: { deleted_at: LATER } }]);
      expect(on({ type: 'RotateWebhookSecret' }, later, ...deleted)).toMatchObject({ status: 404 });
      expect(on({ type: 'RotateWebhookSecret' }, { ...later, accountId: OTHER_ACCOUNT_ID })).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
    });
  });

  describe('view', () => {
    it('shows the secret only when given', () => {
      const record = liveRecordAfter(folding, [created]);
      expect(webhookEndpointView(record)).not.toHaveProperty('secret');
      expect(webhookEndpointView(record, 'whsec_abc')).toMatchObject({ secret: 'whsec_abc' });
    });
  });

  describe('event types', () => {
    it('names three per record kind and six actions', () => {
      expect(WEBHOOK_EVENT_TYPES).toHaveLength(13 * 3 + 6);
    });

    it('raises the change, then each action once; a negative payment is a refund', () => {
      const payment = (type: string) => ({ type: 'InvoicePaymentRecorded', data: { payment: { type } } });
      expect(
        webhookTypesOf('invoice', 'updated', [
          { type: 'InvoiceDispatched' },
          payment('payment'),
          payment('refund'),
          payment('payment'),
        ]),
      ).toEqual(['invoice.updated', 'invoice.dispatched', 'invoice.payment_recorded', 'invoice.refunded']);
      expect(webhookTypesOf('stock_transfer', 'updated', [{ type: 'StockTransferReceived' }])).toEqual([
        'stock_transfer.updated',
        'stock_transfer.received',
      ]);
    });

    it('tells public hosts from private ones', () => {
      expect(isPrivateHost('hooks.example.com')).toBe(false);
      expect(isPrivateHost('8.8.8.8')).toBe(false);
      expect(isPrivateHost('172.32.0.1')).toBe(false);
      expect(isPrivateHost('[::ffff:10.0.0.1]')).toBe(true);
    });
  });
});
