import { Inject, Injectable } from '@nestjs/common';
import { Database, stockLedgerProjector } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { listEnvelope } from '@app/runtime';
import { ItemReads } from '../items/item-reads';
import { ReadYourWrites } from '../store/read-your-writes';
import { totalWhere } from '../http/list-page';
import { DATABASE } from '../store/tokens';
import { StockMovementQuery } from './stock-movement-query';
import { StockMovementSchema } from './stock-movement-schema';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * An item's movements from the `stock_ledger` read model, newest first (log order). The item must
 * be one the caller may see (else 404, as its retrieve); a user restricted to a location sees the
 * movements at that location only. Writes do not wait for the ledger (`awaitedOnRead`): this read
 * waits for it to reach the log's head, so it shows every write answered before it.
 */
@Injectable()
export class StockMovementReads {
  constructor(
    private readonly items: ItemReads,
    @Inject(DATABASE) private readonly database: Database,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async list(actor: Actor, itemId: string, query: StockMovementQuery, url: string) {
    const { record } = await this.items.visible(actor, itemId.toLowerCase());
    await this.readYourWrites.current(stockLedgerProjector.name); // writes do not wait for the ledger
    const { page } = query;
    const where = [sql`item_id = ${record.id}::uuid`, sql`account_id = ${actor.accountId}::uuid`];
    if (actor.locationId) where.push(sql`location_id = ${actor.locationId}::uuid`);
    if (query.locationId) where.push(sql`location_id = ${query.locationId}::uuid`);
    if (query.itemVariationLocationId !== undefined)
      where.push(sql`item_variation_location_id = ${query.itemVariationLocationId}`);
    // A calendar day in the account's time zone, from its first instant to the next day's.
    if (query.dateFrom)
      where.push(sql`recorded_at >= (${query.dateFrom}::date::timestamp at time zone ${actor.timezone})`);
    if (query.dateTo)
      where.push(sql`recorded_at < ((${query.dateTo}::date + 1)::timestamp at time zone ${actor.timezone})`);
    const condition = sql.join(where, sql` and `);
    const { rows } = await sql<any>`select event_id, entry, item_id, variation_id, item_variation_location_id,
        location_id, on_hand::text, reserved::text, incoming::text, in_transit::text, estimates::text,
        on_hand_after::text, source_type, source_id, source_number, source_line_id, reason, stream_id,
        revision, event_type, user_id, idempotency_key, recorded_at
      from stock_ledger where ${condition}
      order by commit_position desc, prepare_position desc, entry desc
      limit ${page.fetch} offset ${page.offset}`.execute(this.database.db);
    const total = await totalWhere(this.database.db, page, 'stock_ledger', condition);
    return listEnvelope({ url, page: page.page, limit: page.limit, rows: rows.map(movementJson), total });
  }
}

function movementJson(row: any): StockMovementSchema {
  return {
    id: `${row.event_id}:${row.entry}`,
    item_id: row.item_id,
    variation_id: row.variation_id,
    item_variation_location_id: row.item_variation_location_id,
    location_id: row.location_id,
    quantity: Number(row.on_hand),
    quantity_reserved: Number(row.reserved),
    quantity_incoming: Number(row.incoming),
    in_transit: Number(row.in_transit),
    quantity_estimates: Number(row.estimates),
    quantity_after: Number(row.on_hand_after),
    source: {
      type: row.source_type,
      id: row.source_id,
      number: row.source_number,
      line_id: row.source_line_id,
      reason: row.reason,
    },
    event: { id: row.event_id, stream_id: row.stream_id, revision: row.revision, type: row.event_type },
    user_id: row.user_id,
    idempotency_key: row.idempotency_key,
    created_at: new Date(row.recorded_at).toISOString(),
  };
}
