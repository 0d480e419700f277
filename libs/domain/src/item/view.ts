import { InventoryType } from '../item-category/fields';
import { CustomFieldValue, PricingDetail } from './fields';
import { ItemRecord } from './state';
import { totalOnHand } from './stock';

export interface ItemPhotoView {
  id: string;
  position: number;
  thumbnail_url: string;
  display_url: string;
  large_url: string;
  original_url: string;
}

/** Stock of one location, on location-filtered lists. */
export interface LocationInventory {
  location_id: string;
  quantity: number;
  quantity_reserved: number;
  quantity_available: number;
  quantity_incoming: number;
  /** Sent by stock transfers to this location, not yet received. */
  in_transit?: number;
  threshold: number;
}

/** What an item's JSON shows from other records and read models. */
export interface ItemExtras {
  category_name: string | null;
  /**
   * The category's current custom fields: values of fields since removed are not shown. Null
   * shows every stored value (an item's past, as its stream tells it).
   */
  custom_field_ids: string[] | null;
  quantity: number;
  quantity_reserved: number;
  quantity_incoming: number;
  /** Sent by stock transfers, not yet received (at their destinations). */
  in_transit?: number;
  /** Null while no estimate counts the item. */
  quantity_estimates: number | null;
  variation_count: number;
  primary_photo: { id: string; thumbnail_url: string } | null;
  photo_count: number;
  /** Shown when given: single items and lists with include=photos. */
  photos?: ItemPhotoView[];
  location_inventory?: LocationInventory;
}

export interface ItemViewOptions {
  /** `unit_cost.view`: without it `cost` is left out. */
  showCost: boolean;
}

/** The item as the API returns it (inventory-api §2), fields in the specified order. */
export type ItemView = {
  id: string;
  object: 'item';
  item_number: number;
  name: string;
  description: string | null;
  sku: string | null;
  barcode: string | null;
  serial_number: string | null;
  inventory_type: InventoryType;
  category_id: string;
  category_name: string | null;
  supplier_ids: string[];
  status_id: number;
  location_id: string | null;
  zone_id: string | null;
  unit_of_measure_id: string | null;
  unit_of_measure: string | null;
  price: string | null;
  cost?: string | null;
  quantity: number;
  quantity_reserved: number;
  quantity_incoming: number;
  in_transit: number;
  quantity_estimates: number | null;
  threshold: number;
  location_inventory?: LocationInventory;
  variation_count: number;
  weight: number;
  published: boolean;
  include_sold: boolean;
  archived: boolean;
  primary_photo: { id: string; thumbnail_url: string } | null;
  photo_count: number;
  photos?: ItemPhotoView[];
  custom_field_values: CustomFieldValue[];
  pricing_details: PricingDetail[];
  purchase_date: string | null;
  sold_date: string | null;
  created_at: string;
  updated_at: string;
};

export function itemView(item: ItemRecord, extras: ItemExtras, { showCost }: ItemViewOptions): ItemView {
  const { location_inventory, photos, custom_field_ids: fieldIds } = extras;
  return {
    id: item.id,
    object: 'item',
    item_number: item.item_number,
    name: item.name,
    description: item.description,
    sku: item.sku,
    barcode: item.barcode,
    serial_number: item.serial_number,
    inventory_type: item.inventory_type,
    category_id: item.category_id,
    category_name: extras.category_name,
    supplier_ids: [...item.supplier_ids],
    status_id: item.status_id,
    location_id: item.location_id,
    zone_id: item.zone_id,
    unit_of_measure_id: item.unit_of_measure_id,
    // There is no unit-of-measure catalogue yet: the id is the client's own code.
    unit_of_measure: null,
    price: item.price,
    ...(showCost ? { cost: item.cost } : {}),
    quantity: extras.quantity,
    quantity_reserved: extras.quantity_reserved,
    quantity_incoming: extras.quantity_incoming,
    in_transit: extras.in_transit ?? 0,
    quantity_estimates: extras.quantity_estimates,
    threshold: item.threshold,
    ...(location_inventory ? { location_inventory } : {}),
    variation_count: extras.variation_count,
    weight: item.weight,
    published: item.published,
    // Unspecified by the API; no behaviour hangs on it here.
    include_sold: false,
    archived: item.archived,
    primary_photo: extras.primary_photo,
    photo_count: extras.photo_count,
    ...(photos ? { photos } : {}),
    custom_field_values: item.custom_field_values.filter(
      (value) => fieldIds === null || fieldIds.includes(value.custom_field_id),
    ),
    pricing_details: item.pricing_details.map((detail) => ({ ...detail })),
    purchase_date: item.purchase_date,
    sold_date: item.sold_date,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/**
 * The extras an item's own stream can tell (its stock without variations), for its past views:
 * what other records said then is not in its stream.
 */
export function streamExtras(item: ItemRecord): ItemExtras {
  return {
    category_name: null,
    custom_field_ids: null,
    // A unique item's unit held by an invoice is no longer on hand.
    quantity: totalOnHand(item)
      .minus((item.invoice_id ?? null) === null ? 0 : 1)
      .toNumber(),
    quantity_reserved: 0,
    quantity_incoming: 0,
    in_transit: 0,
    quantity_estimates: null,
    variation_count: 0,
    primary_photo: null,
    photo_count: 0,
    photos: [],
  };
}
