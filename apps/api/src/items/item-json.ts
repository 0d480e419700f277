import Decimal from 'decimal.js';
import { ItemExtras, ItemPhotoView, ItemRecord, itemView, ItemView, money } from '@app/domain';
import { ItemRow } from './item-list-query';
import { isoTimestamp } from '../http/timestamps';

/** An item as the API answers it: the domain's view and its stream revision (the ETag). */
export type ItemJson = ItemView & { revision: number };

export interface ItemJsonOptions {
  /** `unit_cost.view`. */
  showCost: boolean;
  /** The gallery: single items, and lists with include=photos. */
  photos: boolean;
  /** The listed location, on location-filtered lists. */
  locationId?: string;
}

export function itemJson(
  record: ItemRecord,
  extras: ItemExtras,
  revision: number,
  showCost: boolean,
): ItemJson {
  // The view is new: revision goes on last without a copy of its forty fields.
  const json = itemView(record, extras, { showCost }) as ItemJson;
  json.revision = revision;
  return json;
}

/**
 * The JSON of a list row: the items row with its extras (item-list-query's select). The row is
 * this request's own and is made the record in place (its extras read first): a copy of its fifty
 * columns per row is not made.
 */
export function itemJsonOfRow(row: ItemRow, options: ItemJsonOptions): ItemJson {
  const extras = extrasOfRow(row, options);
  return itemJson(asRecord(row), extras, row.revision as number, options.showCost);
}

/** An items row as the record its stream would fold to (its stock apart), in place. */
function asRecord(row: ItemRow): ItemRecord {
  row.price = row.price === null ? null : money(row.price);
  row.cost = row.cost === null ? null : money(row.cost);
  row.on_hand = {};
  row.purchase_date = iso(row.purchase_date);
  row.sold_date = iso(row.sold_date);
  row.created_at = iso(row.created_at)!;
  row.updated_at = iso(row.updated_at)!;
  return row as ItemRecord;
}

/** What the list select and the single-item select add to a record. */
export function extrasOfRow(row: ItemRow, options: Omit<ItemJsonOptions, 'showCost'>): ItemExtras {
  const photos = (row.photos ?? []) as ItemPhotoView[];
  const primary = photos[0];
  const estimates = Number(row.estimates ?? 0);
  const extras: ItemExtras = {
    category_name: row.category_name ?? null,
    custom_field_ids: ((row.category_fields ?? []) as { id: string }[]).map((field) => field.id),
    quantity: Number(row.on_hand ?? 0),
    quantity_reserved: Number(row.reserved ?? 0),
    quantity_incoming: Number(row.incoming ?? 0),
    in_transit: Number(row.in_transit ?? 0),
    quantity_estimates: estimates === 0 ? null : estimates,
    variation_count: Number(row.variation_count ?? 0),
    primary_photo: primary ? { id: primary.id, thumbnail_url: primary.thumbnail_url } : null,
    photo_count: photos.length,
  };
  if (options.photos) extras.photos = photos;
  if (options.locationId) {
    const [quantity, reserved, available] = stockAvailable(row.location_on_hand, row.location_reserved);
    extras.location_inventory = {
      location_id: options.locationId,
      quantity,
      quantity_reserved: reserved,
      quantity_available: available,
      quantity_incoming: Number(row.location_incoming ?? 0),
      in_transit: Number(row.location_in_transit ?? 0),
      threshold: Number(row.location_threshold ?? row.threshold),
    };
  }
  return extras;
}

/**
 * On-hand, reserved and available (on-hand less reserved) as numbers: in whole numbers as they
 * are (exact), other quantities by Decimal, so that a fraction's difference is not a float's
 * (0.3 - 0.1). Most are whole: two Decimals and a third a row were a location list's largest cost
 * after its JSON.
 */
function stockAvailable(onHand: unknown, held: unknown): [number, number, number] {
  const quantity = Number(onHand ?? 0);
  const reserved = Number(held ?? 0);
  const available = quantity - reserved;
  if (Number.isSafeInteger(quantity) && Number.isSafeInteger(reserved) && Number.isSafeInteger(available))
    return [quantity, reserved, available];
  const exact = new Decimal((onHand ?? 0) as Decimal.Value);
  const exactReserved = new Decimal((held ?? 0) as Decimal.Value);
  return [exact.toNumber(), exactReserved.toNumber(), exact.minus(exactReserved).toNumber()];
}

function iso(value: Date | string | null): string | null {
  return value === null || value === undefined ? null : isoTimestamp(value);
}
