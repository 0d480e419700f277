import { DomainError, invalid } from '../shared/domain-error';
import { boolean, optionalText } from '../shared/parsers';
import { isWebhookEventType } from './event-types';
import { parseWebhookUrl } from './url';

/** What a client sets on an endpoint. */
export type WebhookEndpointFields = {
  url: string;
  event_types: string[];
  description: string | null;
};

/** Values as the client sent them: each is checked by its parser. */
export type WebhookEndpointInput = {
  url?: unknown;
  event_types?: unknown;
  description?: unknown;
  disabled?: unknown;
};

/** Types an endpoint may name: more is a sign of a loop over strings, not a subscription. */
const MAX_EVENT_TYPES = 100;

/** A non-empty list of known types (or `*`); duplicates dropped, the client's order kept. */
export function parseEventTypes(value: unknown, param: string): string[] | DomainError {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_EVENT_TYPES)
    return invalid(param, `${param} must be a non-empty array of event types.`);
  for (const [index, type] of value.entries()) {
    if (typeof type !== 'string' || !isWebhookEventType(type))
      return invalid(`${param}.${index}`, `${String(type)} is not a webhook event type.`);
  }
  return [...new Set(value as string[])];
}

/** What a create takes; an update may also set `disabled`. */
export function webhookEndpointParsers(allowInsecureUrls: boolean) {
  return {
    url: parseWebhookUrl(allowInsecureUrls),
    event_types: parseEventTypes,
    description: optionalText(),
  };
}

export function webhookEndpointUpdateParsers(allowInsecureUrls: boolean) {
  return { ...webhookEndpointParsers(allowInsecureUrls), disabled: boolean() };
}
