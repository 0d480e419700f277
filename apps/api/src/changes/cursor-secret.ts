import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@app/read-models';
import { ApiConfig } from '@app/runtime';
import { sql } from 'kysely';
import { API_CONFIG, DATABASE } from '../store/tokens';

/**
 * The key that signs the change feed's cursors: SYNC_CURSOR_SECRET, else one generated once and
 * kept in the database (`service_secrets`), so that cursors outlive restarts and every API
 * instance on the database honours the others'. Not a read model: a rebuild leaves it alone.
 */
@Injectable()
export class CursorSecret {
  private known?: Promise<string>;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  value(): Promise<string> {
    this.known ??= this.config.syncCursorSecret
      ? Promise.resolve(this.config.syncCursorSecret)
      : this.stored().catch((error: unknown) => {
          this.known = undefined; // a store away: the next request asks again
          throw error;
        });
    return this.known;
  }

  private async stored(): Promise<string> {
    const db = this.database.db;
    await sql`create table if not exists service_secrets (name text primary key, value text not null)`
      .execute(db)
      .catch(() => undefined); // created by another instance at the same moment
    await sql`insert into service_secrets (name, value) values ('sync_cursor', ${randomBytes(32).toString('base64url')})
      on conflict (name) do nothing`.execute(db);
    const { rows } = await sql<{
      value: string;
    }>`select value from service_secrets where name = 'sync_cursor'`.execute(db);
    return rows[0].value;
  }
}
