import { Database } from '@app/read-models';
import { RecordReference } from '../records/references';

/**
 * Users restricted to a location (operator read model, `users.location_id`): a location they are
 * assigned to cannot be deleted. Inactive users count (they may be reactivated); deleted ones do not.
 */
export async function countAssignedUsers(
  database: Database,
  { accountId, id }: RecordReference,
): Promise<number> {
  const row = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('location_id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
