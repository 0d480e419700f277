import { CustomerMessage, Mailer, MailRefusedError, reactorsWith } from '@app/processes';
import { Reactor } from '@app/read-models';
import type { Transporter } from 'nodemailer';

/** nodemailer's error fields that tell a refusal from a fault. */
interface SmtpError extends Error {
  responseCode?: number;
}

/**
 * Customer notifications through the SMTP server at `url` (`smtp://user:pass@host:587`,
 * `smtps://…` for TLS from the start), from `from`. A 5xx answer is a refusal for good; anything
 * else that fails (the server away, a 4xx answer) is left to the sender to retry.
 */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  // nodemailer is loaded only when SMTP_URL makes this mailer, not at every start.
  let transport: Transporter | undefined;
  const opening = import('nodemailer').then(({ createTransport }) => (transport = createTransport(url)));
  return {
    async send(message: CustomerMessage): Promise<void> {
      try {
        await (
          await opening
        ).sendMail({
          from,
          to: [...message.to],
          subject: message.subject,
          text: message.text,
          messageId: message.messageId,
        });
      } catch (error) {
        const code = (error as SmtpError).responseCode;
        if (code !== undefined && code >= 500) throw new MailRefusedError((error as Error).message);
        throw error;
      }
    },
    close: () => transport?.close(),
  };
}

/** The reactors a process that runs them runs: the registry's, and the mail sender with SMTP_URL. */
export function serviceReactors(config: { smtpUrl?: string; smtpFrom: string }): readonly Reactor[] {
  return reactorsWith({ mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : undefined });
}
