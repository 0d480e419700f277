import { TaxInclusiveDocumentAmounts } from '../document';
import { PurchaseOrderCreated } from './events';

/** The amounts a purchase order records. */
export type PurchaseOrderAmounts = TaxInclusiveDocumentAmounts;

/** A manual payment on a purchase order (documents-api §2 `payment`). */
export type PurchaseOrderPayment = {
  id: string;
  amount: string;
  type: 'payment' | 'refund';
  reference: string | null;
  payment_date: string;
  recorded_at: string;
};

/** The paid state a payment or its deletion leaves. */
export type PurchaseOrderBalance = {
  amount_paid: string;
  amount_due: string;
  date_fully_paid: string | null;
};

/** A purchase order as its stream tells it. */
export type PurchaseOrderRecord = PurchaseOrderCreated['data'] &
  PurchaseOrderBalance & {
    date_sent: string | null;
    date_received: string | null;
    /** By line id: the quantity received so far (a decimal string); absent is zero. */
    received: Record<string, string>;
    /** Oldest first; deleted ones removed. */
    payments: PurchaseOrderPayment[];
    created_at: string;
    updated_at: string;
  };

export type PurchaseOrderState =
  | { status: 'absent' }
  | { status: 'live'; record: PurchaseOrderRecord }
  | { status: 'deleted'; record: PurchaseOrderRecord };
