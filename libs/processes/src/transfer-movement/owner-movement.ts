import {
  decideItem,
  decideItemVariation,
  itemAggregate,
  ItemContext,
  ItemState,
  itemVariationAggregate,
  ItemVariationContext,
  ItemVariationState,
  MoveTransferStock,
  NO_REFERENCES,
  StockOwner,
} from '@app/domain';
import { streamName } from '@app/event-store/aggregate';

/** What a movement is decided with besides the owner's state. */
export interface MovementContext {
  accountId: string;
  now: string;
  /** What others take from the owner's stock, by location id (see StockTransferLookups.invoiced). */
  invoiced: Record<string, string>;
}

/** The owner's aggregate and stream: the item's for an item without variations, else the variation's. */
export function ownerAggregate(owner: Pick<StockOwner, 'kind'>) {
  return owner.kind === 'item' ? itemAggregate : itemVariationAggregate;
}

export function ownerStream(owner: StockOwner): string {
  return streamName(ownerAggregate(owner), owner.id);
}

export function itemMovementContext({ accountId, now, invoiced }: MovementContext): ItemContext {
  return { now, accountId, mayViewCost: false, references: NO_REFERENCES, invoiced };
}

export function variationMovementContext({
  accountId,
  now,
  invoiced,
}: MovementContext): ItemVariationContext {
  const context = { now, accountId, canModifyPrices: false, canViewCosts: false, invoicedAt: invoiced };
  return context as unknown as ItemVariationContext;
}

/**
 * A transfer movement decided on its owner's state, with the contexts above: the one decision the
 * request (TransferStock) and the repair reactor both make.
 */
export function decideOwnerMovement(
  owner: Pick<StockOwner, 'kind'>,
  state: ItemState | ItemVariationState,
  command: MoveTransferStock,
  context: MovementContext,
) {
  return owner.kind === 'item'
    ? decideItem(command, state as ItemState, itemMovementContext(context))
    : decideItemVariation(command, state as ItemVariationState, variationMovementContext(context));
}
