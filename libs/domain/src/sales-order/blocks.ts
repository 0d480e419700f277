import { actionView } from '../document';
import { anythingLeftToPack } from '../document/packing';
import { SALES_ORDER_PACKING } from './packing-rules';
import { SalesOrderRecord } from './state';
import { SALES_ORDER_STATUS } from './status';

/*
 * Why a sales order cannot be edited or packed (documents-api §2, `edit_block_reason` and
 * `pack_block_reason`), from facts a list row keeps as well as the record: so a list entry and the
 * detail of the same order at the same revision give the same reasons.
 */

/** Whether a packable line has anything left to pack: inventory lines only, and with service lines. */
export type SalesOrderLeftToPack = { inventory: boolean; with_service: boolean };

/** What the block reasons follow from, besides who is looking and the account's settings. */
export type SalesOrderBlockFacts = {
  status_id: number;
  /** An invoice that stands or a packing list (shipped or not): lines and charges are fixed. */
  activity_started: boolean;
  left_to_pack: SalesOrderLeftToPack;
};

/** Who is looking and the account's packing settings, as the views have them. */
export type SalesOrderBlockViewer = {
  mayModify: boolean;
  packingListsEnabled: boolean;
  packServiceLines: boolean;
  /** Whether the user may work at the order's location (false: `location_restricted`). */
  locationAccessible?: boolean;
};

/** Anything begun on the order: an invoice that stands, a packing list (shipped or not). */
export function salesOrderActivityStarted(
  order: Pick<SalesOrderRecord, 'fulfillments' | 'invoices'>,
): boolean {
  return order.fulfillments.length > 0 || order.invoices.some((invoice) => invoice.released_at === null);
}

export function salesOrderLeftToPack(
  order: Pick<SalesOrderRecord, 'lines' | 'fulfillments'>,
): SalesOrderLeftToPack {
  return {
    inventory: anythingLeftToPack(SALES_ORDER_PACKING, order, false),
    with_service: anythingLeftToPack(SALES_ORDER_PACKING, order, true),
  };
}

export function salesOrderBlockFacts(order: SalesOrderRecord): SalesOrderBlockFacts {
  return {
    status_id: order.status_id,
    activity_started: salesOrderActivityStarted(order),
    left_to_pack: salesOrderLeftToPack(order),
  };
}

/**
 * Why the order's lines and charges cannot be edited, before permissions; header fields stay
 * editable while it is open.
 */
export function salesOrderEditBlock(
  facts: Pick<SalesOrderBlockFacts, 'status_id' | 'activity_started'>,
): 'sales_order_not_open' | 'sales_order_activity_started' | null {
  if (facts.status_id !== SALES_ORDER_STATUS.open) return 'sales_order_not_open';
  if (facts.activity_started) return 'sales_order_activity_started';
  return null;
}

/** Why the order cannot be packed now, before permissions and location access, or null when it can. */
export function salesOrderPackBlock(
  facts: Pick<SalesOrderBlockFacts, 'status_id' | 'left_to_pack'>,
  settings: Pick<SalesOrderBlockViewer, 'packingListsEnabled' | 'packServiceLines'>,
): 'packing_lists_disabled' | 'sales_order_not_open' | 'nothing_remaining_to_pack' | null {
  if (!settings.packingListsEnabled) return 'packing_lists_disabled';
  if (facts.status_id !== SALES_ORDER_STATUS.open) return 'sales_order_not_open';
  const left = settings.packServiceLines ? facts.left_to_pack.with_service : facts.left_to_pack.inventory;
  return left ? null : 'nothing_remaining_to_pack';
}

/** `can_edit`, `edit_block_reason`, `can_pack` and `pack_block_reason` (in the specification's order). */
export function salesOrderBlocksView(facts: SalesOrderBlockFacts, viewer: SalesOrderBlockViewer) {
  const settingBlock = salesOrderPackBlock(facts, viewer);
  const packBlock =
    viewer.locationAccessible === false &&
    (settingBlock === null || settingBlock === 'nothing_remaining_to_pack')
      ? 'location_restricted'
      : settingBlock;
  return {
    ...actionView('edit', salesOrderEditBlock(facts), viewer),
    ...actionView('pack', packBlock, viewer),
  };
}
