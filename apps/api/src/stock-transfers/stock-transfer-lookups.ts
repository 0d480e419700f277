import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  dayIn,
  isIntegerId,
  isRecordId,
  StockTransferContext,
  StockTransferInput,
  StockTransferState,
  TransferItem,
  TransferRow,
} from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { namesById } from '../records/names-by-id';
import { DATABASE } from '../store/tokens';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What a stock-transfer decision reads from the read models (kept current for this process's
 * writes by read-your-writes): the account's active locations, the items and variation rows the
 * lines name, location names for the JSON, and what active invoices take from stock.
 */
@Injectable()
export class StockTransferLookups {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async context(
    actor: Actor,
    state: StockTransferState,
    input: StockTransferInput,
    now: string,
  ): Promise<StockTransferContext> {
    const lines = Array.isArray(input.lines) ? (input.lines as unknown[]) : [];
    const named = (key: string) =>
      lines.map((line) =>
        typeof line === 'object' && line !== null ? (line as Record<string, unknown>)[key] : undefined,
      );
    const kept = state.status === 'live' ? state.record.lines : [];
    const wantsLines = input.lines !== undefined;
    const [activeLocations, items, rows] = await Promise.all([
      this.activeLocations(actor.accountId),
      wantsLines
        ? this.items(actor.accountId, [...named('item_id'), ...kept.map((l) => l.item_id)])
        : new Map(),
      wantsLines
        ? this.rows(actor.accountId, [
            ...named('item_variation_location_id'),
            ...kept.map((l) => l.item_variation_location_id),
          ])
        : new Map(),
    ]);
    return {
      now,
      accountId: actor.accountId,
      userId: actor.userId,
      today: dayIn(actor.timezone, now),
      activeLocations,
      items,
      rows,
      newLineId: randomUUID,
    };
  }

  async activeLocations(accountId: string): Promise<Set<string>> {
    const rows = await this.database.db
      .selectFrom('locations')
      .select('id')
      .where('account_id', '=', accountId)
      .where('active', '=', true)
      .execute();
    return new Set(rows.map((row: any) => row.id as string));
  }

  /** Location names by id, deleted ones too (a transfer keeps naming them). */
  locationNames(accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
    return namesById(this.database, 'locations', accountId, ids);
  }

  private async items(accountId: string, ids: readonly unknown[]): Promise<Map<string, TransferItem>> {
    const wanted = [
      ...new Set(
        ids
          .filter((id): id is string => typeof id === 'string' && isRecordId(id.toLowerCase()))
          .map((id) => id.toLowerCase()),
      ),
    ];
    if (wanted.length === 0) return new Map();
    const { rows } =
      await sql<any>`select id, name, description, inventory_type, unit_of_measure_id, variation_count, location_id
      from items where account_id = ${accountId}::uuid and id in (${sql.join(wanted)}) and not archived`.execute(
        this.database.db,
      );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          description: row.description,
          inventory_type: row.inventory_type,
          unit_id: /^\d{1,9}$/.test(row.unit_of_measure_id ?? '') ? Number(row.unit_of_measure_id) : null,
          has_variations: Number(row.variation_count) > 0,
          location_id: row.location_id ?? null,
        },
      ]),
    );
  }

  /** Variation rows by number, each with its variation's labels and rows at every location. */
  private async rows(accountId: string, ids: readonly unknown[]): Promise<Map<number, TransferRow>> {
    const wanted = [...new Set(ids.filter(isIntegerId))];
    if (wanted.length === 0) return new Map();
    const { rows } =
      await sql<any>`select r.item_variation_location_id, r.item_id, r.variation_id, r.location_id,
        (select jsonb_object_agg(o.location_id::text, o.item_variation_location_id)
          from item_variation_locations o where o.variation_id = r.variation_id) as rows,
        (select coalesce(jsonb_object_agg(a.display_name, value.label), '{}'::jsonb)
          from jsonb_array_elements(v.attribute_values) pair
          join variation_attributes a on a.id = (pair ->> 'attribute_id')::uuid
          cross join lateral (select x ->> 'value' as label from jsonb_array_elements(a.values) x
            where x ->> 'id' = pair ->> 'value_id') value) as attribute_labels
      from item_variation_locations r join item_variations v on v.id = r.variation_id
      where r.account_id = ${accountId}::uuid and r.item_variation_location_id in (${sql.join(wanted)})`.execute(
        this.database.db,
      );
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    return new Map(
      rows.map((row) => [
        row.item_variation_location_id,
        {
          item_variation_location_id: row.item_variation_location_id,
          item_id: row.item_id,
          variation_id: row.variation_id,
          location_id: row.location_id,
          values: json(row.attribute_labels) ?? {},
          rows: json(row.rows) ?? {},
        },
      ]),
    );
  }

  /**
   * What others take from an owner's own stock, by location id: active invoices' lines less what
   * purchase orders received there (`invoiced - received` of `inventory_quantities`; negative when
   * receipts exceed invoices), the item's own rows or the variation's. The owner's stream knows
   * only its adjustments and transfers.
   */
  async invoiced(owner: { kind: 'item' | 'itemVariation'; id: string }): Promise<Record<string, string>> {
    const { rows } =
      owner.kind === 'item'
        ? await sql<any>`select location_id, (invoiced - received)::text as invoiced from inventory_quantities
            where item_id = ${owner.id}::uuid and variation_id is null and location_id is not null`.execute(
            this.database.db,
          )
        : await sql<any>`select location_id, (invoiced - received)::text as invoiced from inventory_quantities
            where variation_id = ${owner.id}::uuid and location_id is not null`.execute(this.database.db);
    return Object.fromEntries(rows.map((row) => [row.location_id, row.invoiced]));
  }
}
