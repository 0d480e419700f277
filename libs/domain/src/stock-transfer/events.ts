import { StockTransferHeader, StockTransferLine, StockTransferRecord } from './state';

/** A pending transfer (26), numbered, for the key's user. */
export type StockTransferCreated = {
  type: 'StockTransferCreated';
  data: Omit<StockTransferRecord, 'updated_at'>;
};

/** Header fields that changed, and the complete new set of lines when they changed. */
export type StockTransferUpdated = {
  type: 'StockTransferUpdated';
  data: {
    changes: Partial<StockTransferHeader>;
    lines?: StockTransferLine[];
    /** The state it was edited in: an in-transit edit moves quantities (§3). */
    status_id: number;
    /** Where lines in transit are counted. */
    destination_location_id: string;
    updated_at: string;
  } & MovementLink;
};

/**
 * Sent (27): its lines left the origin's on-hand (movements on the items' and variations' own
 * streams, decided before this) and are in transit at the destination.
 */
export type StockTransferSent = {
  type: 'StockTransferSent';
  data: {
    status_id: 27;
    date_sent: string;
    changes: Partial<StockTransferHeader>;
    /** The lines sent, as they were (what is in transit; read models need no earlier event). */
    lines: StockTransferLine[];
    destination_location_id: string;
    sent_at: string;
  } & MovementLink;
};

/** Transferred (28): the destination's in-transit quantities are on hand there. */
export type StockTransferReceived = {
  type: 'StockTransferReceived';
  data: {
    status_id: 28;
    date_received: string;
    changes: Partial<StockTransferHeader>;
    received_at: string;
  } & MovementLink;
};

/** Final; `status_id` is the state it was deleted in (its reversal, §3, was made before this). */
export type StockTransferDeleted = {
  type: 'StockTransferDeleted';
  data: { status_id: number; deleted_at: string } & MovementLink;
};

/**
 * A step whose movements were made on the stock-owning streams but whose own event never landed
 * (its process stopped in between) is closed: appended with the revision the step was decided on,
 * so the step can no longer land, before its movements are given back (the repair reactor).
 * Changes nothing else on the transfer.
 */
export type StockTransferMovementVoided = {
  type: 'StockTransferMovementVoided';
  data: { stock_transfer_id: string; movement: string; voided_at: string };
};

/**
 * Set by the handler on the event of a step that moved on-hand (send, receive, an in-transit edit,
 * a delete after sending): the key of its movements on the stock-owning streams, linking the
 * transfer's event to them (for a ledger, and for a repair of movements whose step never landed).
 */
export type MovementLink = { movement?: string };

export type StockTransferEvent =
  | StockTransferCreated
  | StockTransferUpdated
  | StockTransferSent
  | StockTransferReceived
  | StockTransferDeleted
  | StockTransferMovementVoided;
