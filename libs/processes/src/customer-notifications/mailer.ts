/** A message to the customer, as the sender hands it to the mail server. */
export interface CustomerMessage {
  to: readonly string[];
  subject: string;
  text: string;
  /** Derived from the queuing event: a resend after a crash carries the same id. */
  messageId: string;
}

/**
 * The mail server, as the notification process sees it. `send` resolves once the server accepted
 * the message; it rejects with a `MailRefusedError` for a permanent refusal and with anything else
 * for a fault worth retrying (the server away, a 4xx answer).
 */
export interface Mailer {
  send(message: CustomerMessage): Promise<void>;
}

/** The server refused the message for good (an SMTP 5xx answer): it will not be sent again. */
export class MailRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRefusedError';
  }
}
