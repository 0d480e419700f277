/**
 * Where and by how much a StockAdjusted on an item's own stream moves its stock: the item's rows
 * have no variation. Each movement adds why, when, and what else it records.
 */
export function itemStockChange(
  item: { account_id: string; id: string },
  locationId: string | null,
  quantity: string,
  onHandAfter: string,
) {
  return {
    account_id: item.account_id,
    item_id: item.id,
    variation_id: null,
    item_variation_location_id: null,
    location_id: locationId,
    quantity,
    on_hand_after: onHandAfter,
  };
}
