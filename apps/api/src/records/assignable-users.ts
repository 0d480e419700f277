import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@app/read-models';
import { DATABASE } from '../store/tokens';
import { isRecordId } from '@app/domain';

/**
 * Whether a record may be assigned to a user: the domain checks only that the value is an id, the
 * user must also belong to the caller's account and not be deleted (an inactive user may still
 * hold records). Read from the operator read model, which every operator write waits for.
 */
@Injectable()
export class AssignableUsers {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async includes(accountId: string, userId: string): Promise<boolean> {
    if (!isRecordId(userId)) return false;
    const row = await this.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('account_id', '=', accountId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    return row !== undefined;
  }
}
