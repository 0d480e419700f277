import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { DATABASE } from '../store/tokens';

/** Standard Webhooks secrets: `whsec_` and the base64 of 24 bytes or more; we draw 32. */
const SECRET_BYTES = 32;

export function drawWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * `webhook_secrets`: each endpoint's signing secret. Written before the event that creates or
 * rotates it is appended, so an endpoint in the log always has one; a secret whose event never
 * landed (a failed write) signs nothing, as no endpoint names it.
 */
@Injectable()
export class WebhookSecrets {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async store(endpointId: string, secret: string): Promise<void> {
    await sql`insert into webhook_secrets (endpoint_id, secret, rotated_at) values (${endpointId}, ${secret}, now())
      on conflict (endpoint_id) do update set secret = excluded.secret, rotated_at = excluded.rotated_at`.execute(
      this.database.db,
    );
  }

  async secretOf(endpointId: string): Promise<string | undefined> {
    const { rows } = await sql<{ secret: string }>`select secret from webhook_secrets
      where endpoint_id = ${endpointId}`.execute(this.database.db);
    return rows[0]?.secret;
  }
}
