import { DocumentLine } from '../document-lines';
import { RecordState } from '../shared/record-state';
import { EstimateCustomerFields, EstimateTotals } from './events';
import { EstimateFields } from './fields';
import { EstimateStatusId } from './status';

/** An estimate as its stream tells it. */
export type EstimateRecord = EstimateFields &
  EstimateCustomerFields & {
    id: string;
    account_id: string;
    estimate_number: number;
    salesperson_id: string;
    status_id: EstimateStatusId;
    /** In stored order, the generated discount line last. */
    lines: DocumentLine[];
    totals: EstimateTotals;
    created_at: string;
    updated_at: string;
    /** Once converted: the document it became (the link's other half is on that document). */
    conversion?: { target: 'invoice' | 'sales_order'; document_id: string };
  };

export type EstimateState = RecordState<EstimateRecord>;
