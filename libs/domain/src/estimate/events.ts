import { DocumentLine } from '../document-lines';
import { DocumentAmounts, DocumentCustomerFields } from '../document';
import { EstimateFields } from './fields';
import { EstimateStatusId } from './status';

/** The customer (or prospect) an estimate is for, as stored with it. */
export type EstimateCustomerFields = DocumentCustomerFields;

/** The amounts an estimate shows, four-decimal strings, each following from its lines (docs/calculations.md). */
export type EstimateTotals = DocumentAmounts;

/**
 * Lines are recorded calculated: each line's item snapshot, rates and amounts, the generated
 * discount line last, so an auditor can check every amount against the formulas without a
 * catalogue as it was then.
 */
export type EstimateCreated = {
  type: 'EstimateCreated';
  data: EstimateFields &
    EstimateCustomerFields & {
      id: string;
      account_id: string;
      estimate_number: number;
      salesperson_id: string;
      status_id: EstimateStatusId;
      lines: DocumentLine[];
      totals: EstimateTotals;
      created_at: string;
    };
};

/**
 * Only what changed. `lines` (the complete new set, calculated) and `totals` are there when they
 * changed: a new line set, a new discount, shipping fee or customer rates.
 */
export type EstimateUpdated = {
  type: 'EstimateUpdated';
  data: {
    changes: Partial<EstimateFields & EstimateCustomerFields>;
    lines?: DocumentLine[];
    totals?: EstimateTotals;
    updated_at: string;
  };
};

/** Open → Declined (status 7); the estimate and its lines are kept. */
export type EstimateDeclined = { type: 'EstimateDeclined'; data: { status_id: 7; declined_at: string } };

/**
 * Open → Expired (status 8): the account's day (in its time zone) passed `expiry_date`. Recorded
 * by the first write on the estimate after that day, or by the expiry sweep, whichever comes first.
 */
export type EstimateExpired = {
  type: 'EstimateExpired';
  data: { status_id: 8; expiry_date: string; expired_at: string };
};

/** Final: the estimate answers 404 everywhere but its event history. */
export type EstimateDeleted = { type: 'EstimateDeleted'; data: { deleted_at: string } };

/**
 * Open → Closed (status 6): the estimate became `document_id` (an invoice or a sales order), whose
 * creation follows from this event (the API does it at once; a reactor completes it after a crash).
 */
export type EstimateConverted = {
  type: 'EstimateConverted';
  data: {
    status_id: 6;
    target: 'invoice' | 'sales_order';
    document_id: string;
    /** The new document's issue date. */
    issue_date: string;
    /** Who converted it: the new document's creator. */
    user_id: string;
    /** A new sales order's location. */
    location_id?: string | null;
    converted_at: string;
  };
};

export type EstimateEvent =
  | EstimateCreated
  | EstimateUpdated
  | EstimateDeclined
  | EstimateExpired
  | EstimateDeleted
  | EstimateConverted;
