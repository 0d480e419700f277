import { Client, ClientConfig, escapeIdentifier } from 'pg';

/** Waits between attempts to take the LISTEN again: from the first to the last, doubling. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * A LISTEN on a session of its own that outlives that session: when the connection drops (the
 * server restarts, the session is terminated) a new one is opened, with backoff, and LISTEN and
 * `onSession` (the listener's shared advisory lock) are taken again. NOTIFYs sent while it was away
 * are lost; the subscribers' idle poll covers that gap.
 */
export class PgListener {
  private client?: Client;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private retryMs = RETRY_FIRST_MS;

  constructor(
    private readonly config: ClientConfig,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly onSession: (client: Client) => Promise<void>,
  ) {}

  /** The first session: its failure is the caller's (the database is not there at start). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** The backend pid of the listening session; undefined while it is away. */
  get pid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(this.config);
    // Without a listener an 'error' event would end the process; 'end' follows and is what counts.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => n.channel === this.channel && this.onNotify(n.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${escapeIdentifier(this.channel)}`);
      await this.onSession(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
  }

  private lost(client: Client): void {
    if (this.client !== client) return; // an earlier session, or one being opened
    this.client = undefined;
    void client.end().catch(() => undefined); // discarded: never used again
    this.retrySoon();
  }

  private retrySoon(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
        this.retrySoon();
      });
    }, this.retryMs);
    this.retryTimer.unref?.();
  }
}
