import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it. */
export interface ReceivedMail {
  envelopeTo: string[];
  subject: string;
  messageId: string;
  text: string;
}

export interface Inbox {
  url: string;
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export interface InboxOptions {
  port?: number;
  /** Answer RCPT TO with 550 for these addresses (a permanent refusal). */
  refuse?: readonly string[];
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1, keeping what it receives. */
export async function startInbox(options: InboxOptions = {}): Promise<Inbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        const refusal = new Error('Mailbox unavailable') as Error & { responseCode: number };
        refusal.responseCode = 550;
        return callback(refusal);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parse(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers the tests read and the plain-text body (7bit: the messages are ASCII). */
function parse(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const [head, ...body] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return {
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    text: body.join('\n\n').replace(/\r\n/g, '\n').trim(),
  };
}
