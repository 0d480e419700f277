import { Webhook } from 'standardwebhooks';
import { Outcome } from './webhook-deliveries';

/** Standard Webhooks: a receiver that has not answered in 15 s is treated as failed. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** What is kept of a failure's message. */
const MAX_ERROR = 500;

/**
 * One signed POST: the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers of
 * Standard Webhooks over the exact body sent. Any 2xx is a success; anything else, a timeout or a
 * network error is a failure to retry.
 */
export async function sendSigned(
  url: string,
  secret: string,
  messageId: string,
  body: string,
  now = new Date(),
): Promise<Outcome> {
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'webhooks',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, now, body),
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual', // a redirect is not a delivery: it could point anywhere
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    const succeeded = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, error: succeeded ? null : `HTTP ${response.status}`, succeeded };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { statusCode: null, error: message.slice(0, MAX_ERROR), succeeded: false };
  }
}
