import { sql } from 'kysely';
import { ReferenceQueries } from '../records/references';

// What documents make other records keep, for those records' delete rules (References).

/** A customer (or a supplier) is kept by every document of the type naming it, in any state. */
export function partyReferences(party: 'customer' | 'supplier', table: string): ReferenceQueries {
  const partyId = sql.ref(`${party}_id`);
  return {
    [party]: ({ accountId, id }) => sql`select count(*) as n from ${sql.table(table)}
      where account_id = ${accountId}::uuid and ${partyId} = ${id}::uuid`,
  };
}

/**
 * A variation and its rows are kept by the documents whose lines name them, counted in the type's
 * quantities read model (`estimate_quantities` by `estimate_id`, `sales_order_quantities` by
 * `sales_order_id`).
 */
export function lineReferences(quantities: { table: string; documentId: string }): ReferenceQueries {
  const table = sql.table(quantities.table);
  const documentId = sql.ref(quantities.documentId);
  return {
    item_variation_location: ({
      accountId,
      id,
    }) => sql`select count(distinct ${documentId}) as n from ${table}
      where account_id = ${accountId}::uuid and item_variation_location_id = ${Number(id)}`,
    item_variation: ({ accountId, id }) => sql`select count(distinct ${documentId}) as n from ${table}
      where account_id = ${accountId}::uuid and item_variation_location_id in
        (select item_variation_location_id from item_variation_locations where variation_id = ${id}::uuid)`,
  };
}
