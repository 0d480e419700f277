import { Inject, Injectable } from '@nestjs/common';
import { DocumentLine, isIntegerId, LiveSkus } from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { DATABASE } from '../store/tokens';

/**
 * Where a document's lines come from, as its answer shows them: `built` in this request from their
 * items as the request read them (a create's: no line is kept from before), or `stored`.
 */
export type LinesRead = 'built' | 'stored';

/**
 * The SKUs a document's lines show (documents-api §2: SKU is a live value of the item): the
 * lines' items as they are now, archived ones too, and their variation locations' own barcodes,
 * read from the read models. The events keep the SKU the line was written with, for the audit.
 */
@Injectable()
export class DocumentLineSkus {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /**
   * The live SKUs of lines `stored`; none for lines just `built`: each copied its SKU from the
   * item (the variation's barcode, else the item's SKU) read in this request, which is what a
   * read of the live ones would give, so the lines show their own (one query fewer per create).
   */
  async live(
    accountId: string,
    lines: readonly Pick<DocumentLine, 'item_id' | 'item_variation_location_id'>[],
    read: LinesRead,
  ): Promise<LiveSkus | undefined> {
    return read === 'built' ? undefined : this.of(accountId, lines);
  }

  async of(
    accountId: string,
    lines: readonly Pick<DocumentLine, 'item_id' | 'item_variation_location_id'>[],
  ): Promise<LiveSkus> {
    const itemIds = [...new Set(lines.flatMap((line) => (line.item_id === null ? [] : [line.item_id])))];
    const rowIds = [
      ...new Set(lines.map((line) => line.item_variation_location_id).filter(isIntegerId)),
    ] as number[];
    const [items, variations] = await Promise.all([
      itemIds.length === 0
        ? []
        : sql<{ id: string; sku: string | null }>`select id::text as id, sku from items
            where account_id = ${accountId}::uuid
              and id in (${sql.join(itemIds.map((id) => sql`${id}::uuid`))})`
            .execute(this.database.db)
            .then((result) => result.rows),
      rowIds.length === 0
        ? []
        : sql<{ item_variation_location_id: number; barcode: string | null }>`select
              r.item_variation_location_id, v.barcode
            from item_variation_locations r join item_variations v on v.id = r.variation_id
            where r.account_id = ${accountId}::uuid and r.item_variation_location_id in (${sql.join(rowIds)})`
            .execute(this.database.db)
            .then((result) => result.rows),
    ]);
    return {
      items: new Map(items.map((row) => [row.id, row.sku])),
      variations: new Map(variations.map((row) => [row.item_variation_location_id, row.barcode ?? ''])),
    };
  }
}
