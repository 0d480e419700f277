import { SalesDocumentRecord, TaxInclusiveDocumentAmounts } from '../document';
import { PackingList } from '../document/packing';
import { SalesOrderFields } from './fields';
import { SalesOrderStatusId } from './status';

/** The amounts a sales order records: an invoice's. */
export type SalesOrderAmounts = TaxInclusiveDocumentAmounts;

/** A packing list of a sales order: packed, then shipped. */
export type SalesOrderFulfillment = PackingList<'sales_order_line_id'>;

export type InvoicedLine = { sales_order_line_id: string; quantity: string };

/** An invoice made from the order, with the quantities it took; released when it was cancelled. */
export type SalesOrderInvoice = {
  invoice_id: string;
  lines: InvoicedLine[];
  /** It carries the order's shipping fee and cost. */
  with_shipping: boolean;
  invoiced_at: string;
  released_at: string | null;
};

/** A sales order as its stream tells it. */
export type SalesOrderRecord = SalesDocumentRecord &
  SalesOrderFields & {
    sales_order_number: number;
    location_id: string | null;
    status_id: SalesOrderStatusId;
    totals: SalesOrderAmounts;
    /** Oldest first. */
    fulfillments: SalesOrderFulfillment[];
    /** Oldest first, released ones kept. */
    invoices: SalesOrderInvoice[];
    /** The estimate it was converted from, if any. */
    source_estimate_id: string | null;
  };

export type SalesOrderState =
  | { status: 'absent' }
  | { status: 'live'; record: SalesOrderRecord }
  | { status: 'deleted'; record: SalesOrderRecord };
