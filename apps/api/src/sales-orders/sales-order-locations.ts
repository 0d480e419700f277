import { Inject, Injectable } from '@nestjs/common';
import { invalid, isRecordId } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { DATABASE } from '../store/tokens';

/**
 * The location a new sales order is placed at: the body's `location_id`, an active location of the
 * account that the user may use (a location-restricted user only their own); omitted, the user's
 * own location, else none. Anything else is 422 `validation_failed` on `location_id`.
 */
@Injectable()
export class SalesOrderLocations {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async forNewOrder(actor: Actor, input: Record<string, unknown>): Promise<string | null> {
    if (!('location_id' in input)) return actor.locationId;
    const given = input.location_id;
    if (given === null) {
      if (actor.locationId !== null)
        throw invalid('location_id', 'A user restricted to one location places orders there.');
      return null;
    }
    if (typeof given !== 'string' || !isRecordId(given))
      throw invalid('location_id', 'location_id must be the id of an active location.');
    const id = given.toLowerCase();
    if (actor.locationId !== null && id !== actor.locationId)
      throw invalid('location_id', 'A user restricted to one location places orders only there.');
    const { rows } = await sql`select 1 from locations
      where account_id = ${actor.accountId}::uuid and id = ${id}::uuid and active`.execute(this.database.db);
    if (rows.length === 0) throw invalid('location_id', 'location_id must be the id of an active location.');
    return id;
  }
}
