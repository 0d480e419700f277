import { AppendTooLargeError, StreamDeletedError } from '@app/event-store';
import { ErrorBody, errorTypeFor } from './api-error';

/**
 * The event store's refusals a client can act on (docs/api-conventions.md). A store that is away
 * is a 503 of its own; anything else the store throws is a 500.
 */
export function storeRefusal(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (error instanceof AppendTooLargeError) {
    const limit = error.maxBytes ? ` (${error.maxBytes} bytes)` : '';
    return {
      status: 413,
      body: {
        type: errorTypeFor(413),
        code: 'record_change_too_large',
        message: `The change is larger than the event store accepts in one write${limit}. Send a smaller change: fewer lines or shorter texts.`,
      },
    };
  }
  if (error instanceof StreamDeletedError) {
    return {
      status: 410,
      body: {
        type: errorTypeFor(410),
        code: 'record_history_deleted',
        message:
          "This record's history was deleted from the event store by an operator: it can no longer be read or changed.",
      },
    };
  }
  return undefined;
}
