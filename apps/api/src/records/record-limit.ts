import { Inject, Injectable } from '@nestjs/common';
import { conflict } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { DATABASE } from '../store/tokens';

/**
 * The read-model tables whose rows count toward an account's `settings.record_limit`: each holds one
 * row per live record (archived ones included, deleted ones removed) with its `account_id`. Items
 * and documents add their tables here as they arrive.
 */
export const COUNTED_TABLES: readonly string[] = [
  'customers',
  'suppliers',
  'items',
  'estimates',
  'invoices',
  'sales_orders',
  'purchase_orders',
];

/**
 * The account record limit (EXTENSIONS.md §2): a creation beyond `settings.record_limit` answers
 * 409 `account_record_limit_reached`. The count comes from the read models, which read-your-writes
 * keeps current for this process's writes. Two concurrent creations may both pass the check and
 * exceed the limit by one each: the limit is a soft business cap, not an invariant worth a lock.
 */
@Injectable()
export class RecordLimit {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /**
   * Refuses a new record when the account already holds its limit. The limit comes with the
   * caller's key (the same read model, read once per request); no limit costs nothing.
   */
  async assertRoomFor({ accountId, recordLimit }: Pick<Actor, 'accountId' | 'recordLimit'>): Promise<void> {
    if (recordLimit === null) return;
    if ((await this.recordsOf(accountId)) >= recordLimit) {
      throw conflict(
        'account_record_limit_reached',
        `This account has reached its limit of ${recordLimit} records; delete some or raise the limit.`,
      );
    }
  }

  /** Live records of the account across every counted table. */
  async recordsOf(accountId: string): Promise<number> {
    const counts = COUNTED_TABLES.map(
      (table) => sql`(select count(*) from ${sql.table(table)} where account_id = ${accountId})`,
    );
    const { rows } = await sql<{ n: number | string }>`select ${sql.join(counts, sql` + `)} as n`.execute(
      this.database.db,
    );
    return Number(rows[0].n);
  }
}
