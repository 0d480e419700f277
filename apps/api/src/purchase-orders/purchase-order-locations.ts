import { Inject, Injectable } from '@nestjs/common';
import { invalid, isRecordId } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { DATABASE } from '../store/tokens';

/**
 * The receiving location of a purchase order: the body's `location_id`, an active location of the
 * account that the user may use (a location-restricted user only their own), else 422 on
 * `location_id`. Whether an order's location is still active (receiving needs it).
 */
@Injectable()
export class PurchaseOrderLocations {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The location the body names, checked; undefined when it names none. */
  async named(actor: Actor, input: Record<string, unknown>): Promise<string | undefined> {
    if (!('location_id' in input)) return undefined;
    const given = input.location_id;
    if (typeof given !== 'string' || !isRecordId(given))
      throw invalid('location_id', 'location_id must be the id of an active location.');
    const id = given.toLowerCase();
    if (actor.locationId !== null && id !== actor.locationId)
      throw invalid('location_id', 'A user restricted to one location orders only for that location.');
    if (!(await this.active(actor.accountId, id)))
      throw invalid('location_id', 'location_id must be the id of an active location.');
    return id;
  }

  async active(accountId: string, id: string): Promise<boolean> {
    const { rows } = await sql`select 1 from locations
      where account_id = ${accountId}::uuid and id = ${id}::uuid and active`.execute(this.database.db);
    return rows.length > 0;
  }
}
