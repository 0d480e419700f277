import { RawBuilder, sql } from 'kysely';

/** Where a document line without a variation row is counted, as the batch can tell it (InvoiceLine). */
export interface LineLocation {
  item_location_known: boolean;
  item_location_id: string | null;
}

/**
 * The location a kept line (same id and item, no variation row) was counted at, else the item's
 * location as the batch knows it (`item_location_known` false: as it was before the batch).
 */
export function lineLocation(
  itemLocations: Map<string, string | null>,
  earlier: readonly (LineLocation & { line_id: string | null; item_id: string })[],
  line: { id: string | null; item_id: string; item_variation_location_id: number | null },
): LineLocation {
  const kept = earlier.find(
    (l) =>
      line.item_variation_location_id === null &&
      l.line_id !== null &&
      l.line_id === line.id &&
      l.item_id === line.item_id,
  );
  if (kept) return { item_location_known: kept.item_location_known, item_location_id: kept.item_location_id };
  const known = itemLocations.has(line.item_id);
  return {
    item_location_known: known,
    item_location_id: known ? (itemLocations.get(line.item_id) ?? null) : null,
  };
}

/**
 * lineLocation in SQL, for input lines `i` of a document table `quantities` whose document is
 * `documentColumn`: `joins` finds the line's variation row (`v`, with `v.row_key`), where its line
 * id was counted before (`p`) and the item's stored location (`il`); `location` is where it counts.
 */
export function lineLocationSql(schema: string, quantities: RawBuilder<unknown>, documentColumn: string) {
  const rows = sql.table(`${schema}.inventory_quantities`);
  const document = sql.raw(documentColumn);
  return {
    location: sql`case when i.item_variation_location_id is not null then v.location_id
            when p.found then p.location_id
            when i.item_location_known then i.item_location_id
            else il.location_id end`,
    joins: sql`left join lateral (select row_key, location_id from ${rows} q
          where q.item_id = i.item_id and q.item_variation_location_id = i.item_variation_location_id
          limit 1) v on true
        left join lateral (select true as found, q.location_id from ${quantities} q
          where i.item_variation_location_id is null and q.${document} = i.${document}
            and q.line_id = i.line_id and q.item_id = i.item_id and q.item_variation_location_id is null
          limit 1) p on true
        left join ${sql.table(`${schema}.inventory_item_locations`)} il on il.item_id = i.item_id`,
  };
}

/**
 * The `inventory_quantities` row a located line counts on: its variation row (`variation_row`),
 * else its item's at `location` (`<item>/-/<location>`, `<item>/-/-` without one).
 */
export function rowKeySql(location: string): RawBuilder<unknown> {
  return sql.raw(`case when item_variation_location_id is not null then variation_row
            else item_id::text || '/-/' || coalesce(${location}::text, '-') end`);
}
