import { Inject, Injectable } from '@nestjs/common';
import { AccountRecordRef, isRecordId } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { DATABASE } from '../store/tokens';

/**
 * The customers, prospects and suppliers a contact links to, as they are now: read from the
 * `party_lists` read model (live records, archived included; deleted ones are gone), which
 * read-your-writes keeps current for this process's writes.
 */
@Injectable()
export class AccountRecords {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The account's live records among `ids`, by lower-case id; ids that are not UUIDs name none. */
  async lookUp(accountId: string, ids: readonly string[]): Promise<Map<string, AccountRecordRef>> {
    const wanted = [...new Set(ids.filter(isRecordId).map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return new Map();
    const { db } = this.database;
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'kind as object', 'name', 'assigned_user_id'])
      .where('account_id', '=', accountId)
      .where('id', 'in', wanted)
      .unionAll(
        db
          .selectFrom('suppliers')
          .select(['id', sql<string>`'supplier'`.as('object'), 'name', 'assigned_user_id'])
          .where('account_id', '=', accountId)
          .where('id', 'in', wanted),
      )
      .execute();
    return new Map(
      rows.map((row) => [
        row.id as string,
        { object: row.object, name: row.name, assigned_user_id: row.assigned_user_id } as AccountRecordRef,
      ]),
    );
  }
}
