import { Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `inventory_quantities.away`: the row's location is not its item's own (`inventory_item_locations`;
 * none known counts as away). A `location_id` item list is the items placed there (their own index)
 * plus the items stocked there from elsewhere: this flag's partial index finds those few without
 * reading every item stocked at the location. Two triggers keep it inside the projector's
 * transaction, whichever of a row and its item's location is written first.
 */
export async function createStockedAway(db: Kysely<any>, schema: string): Promise<void> {
  const rows = sql.table(`${schema}.inventory_quantities`);
  const homes = sql.table(`${schema}.inventory_item_locations`);
  await sql`alter table ${rows} add column away boolean not null default true`.execute(db);
  // In public, so they outlive a rebuild's schema; each works on the tables beside the one it fires on.
  await sql`create or replace function public.inventory_row_away() returns trigger language plpgsql as $$
    declare
      home uuid;
    begin
      execute format('select location_id from %I.inventory_item_locations where item_id = $1', TG_TABLE_SCHEMA)
        into home using NEW.item_id;
      NEW.away := NEW.location_id is distinct from home;
      return NEW;
    end $$`.execute(db);
  await sql`create or replace function public.inventory_home_moved() returns trigger language plpgsql as $$
    begin
      execute format('update %I.inventory_quantities set away = location_id is distinct from $2
          where item_id = $1 and away is distinct from (location_id is distinct from $2)', TG_TABLE_SCHEMA)
        using NEW.item_id, NEW.location_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger inventory_rows_away before insert or update of item_id, location_id on ${rows}
    for each row execute function public.inventory_row_away()`.execute(db);
  await sql`create trigger inventory_homes_moved after insert or update of location_id on ${homes}
    for each row execute function public.inventory_home_moved()`.execute(db);
  await sql`create index inventory_quantities_away_idx on ${rows} (account_id, location_id, item_id)
    where stocked and away`.execute(db);
}
