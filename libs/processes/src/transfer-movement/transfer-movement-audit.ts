import { decidedRevisionOf, giveBackKey, isGiveBackKey, stockTransferAggregate } from '@app/domain';
import { RecordedEvent } from '@app/event-store';
import { AuditPass, idIn, OpenSteps, ProcessAudit } from '../audit/open-steps';

export const STOCK_TRANSFER_MOVEMENT = 'stock_transfer_movement';

/**
 * A transfer step's movement on a stock-owning stream (StockAdjusted with the step's key) whose
 * step neither landed (the transfer's event carrying the key) nor was voided
 * (StockTransferMovementVoided carrying it), and which that stream did not give back (`<key>:undo`,
 * a request's own give-back after a refusal on a later stream). Each owner stream the step moved
 * is its own finding: a give-back is per stream.
 */
export function transferMovementAudit(pass: AuditPass): ProcessAudit {
  const open = new OpenSteps(STOCK_TRANSFER_MOVEMENT);
  /** The owner streams each open key moved. */
  const owners = new Map<string, Set<string>>();
  const entry = (ownerStream: string, key: string) => `${ownerStream}|${giveBackKey(key)}`;
  const settle = (ownerStream: string, key: string) => {
    open.close(entry(ownerStream, key));
    owners.get(key)?.delete(ownerStream);
    if (owners.get(key)?.size === 0) owners.delete(key);
  };
  return {
    observe(event) {
      const key = event.data.movement;
      if (typeof key !== 'string') return;
      if (idIn(stockTransferAggregate, event.streamId) !== undefined) {
        // The step landed, or was voided: every owner's movement is settled.
        for (const owner of [...(owners.get(key) ?? [])]) settle(owner, key);
      } else if (event.type !== 'StockAdjusted') {
        return;
      } else if (isGiveBackKey(key)) {
        settle(event.streamId, givenBack(key));
      } else if (decidedRevisionOf(key) !== undefined && pass.due(event)) {
        open.add(entry(event.streamId, key), event, missing(event, key));
        owners.set(key, (owners.get(key) ?? new Set()).add(event.streamId));
      }
    },
    unfinished: () => open.list(),
  };
}

/** The key a give-back key gives back. */
function givenBack(undoKey: string): string {
  return undoKey.slice(0, undoKey.length - giveBackKey('').length);
}

function missing(event: RecordedEvent, key: string): string {
  const transferId = String(event.data.stock_transfer_id);
  return `movement ${key} on ${event.streamId}: stock transfer ${transferId}'s step neither landed nor was voided, and the movement was not given back`;
}
