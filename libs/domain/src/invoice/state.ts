import { SalesDocumentRecord, TaxInclusiveDocumentAmounts } from '../document';
import { PackingList } from '../document/packing';
import { InvoiceFields } from './fields';
import { InvoiceStatusId } from './status';

/** The amounts an invoice records: an estimate's, and the tax-inclusive total before its discount. */
export type InvoiceAmounts = TaxInclusiveDocumentAmounts;

/** A payment or refund as the invoice keeps it (documents-api §2, `payment`). */
export type InvoicePayment = {
  id: string;
  /** Signed, four decimals: refunds negative. */
  amount: string;
  type: 'payment' | 'refund';
  reference: string | null;
  payment_date: string;
  card: { brand: string | null; last4: string | null } | null;
  /** A refund made through the legacy route: the payment it refunds. */
  refunded_payment_id: string | null;
  recorded_at: string;
};

/** A packing list of a standalone invoice: packed, then shipped. */
export type InvoiceFulfillment = PackingList<'invoice_line_id'>;

/** An invoice as its stream tells it. */
export type InvoiceRecord = SalesDocumentRecord &
  InvoiceFields & {
    invoice_number: number;
    status_id: InvoiceStatusId;
    totals: InvoiceAmounts;
    date_sent: string | null;
    date_fully_paid: string | null;
    /** Payments less refunds, four decimals. */
    amount_paid: string;
    /** Oldest first, as recorded. */
    payments: InvoicePayment[];
    /** Oldest first. */
    fulfillments: InvoiceFulfillment[];
    /** The estimate it was converted from, if any. */
    source_estimate_id: string | null;
    /** The sales order it was invoiced from, if any: its packing is then the sales order's. */
    source_sales_order_id: string | null;
  };

export type InvoiceState =
  | { status: 'absent' }
  | { status: 'live'; record: InvoiceRecord }
  | { status: 'deleted'; record: InvoiceRecord };

export type InvoiceStatusFields = Pick<InvoiceRecord, 'status_id' | 'amount_paid' | 'date_fully_paid'> & {
  amount_due: string;
};
