import { Database } from '@app/read-models';

/**
 * The names of the account's users or locations among `ids`, deleted ones too (what a record
 * once named keeps its name), by id.
 */
export async function namesById(
  database: Database,
  table: 'users' | 'locations',
  accountId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await database.db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id as string, row.name as string]));
}
