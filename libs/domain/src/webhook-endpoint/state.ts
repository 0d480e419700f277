import { RecordState } from '../shared/record-state';
import { WebhookEndpointFields } from './fields';

export type WebhookEndpointRecord = WebhookEndpointFields & {
  id: string;
  account_id: string;
  disabled: boolean;
  /** Why the dispatcher disabled it; null when live or disabled by the client. */
  disabled_reason: string | null;
  secret_rotated_at: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookEndpointState = RecordState<WebhookEndpointRecord>;
