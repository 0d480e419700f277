import { Clock } from '../shared/decision';

export type WebhookEndpointContext = Clock & {
  /** The caller's account: another account's endpoint is 404. */
  accountId: string;
  /** WEBHOOKS_ALLOW_INSECURE: plain http and private hosts are accepted (tests, local receivers). */
  allowInsecureUrls: boolean;
};
