import { RecordState } from '../shared/record-state';
import { EstimateCreated } from './events';

/** An estimate as its stream tells it. */
export type EstimateRecord = EstimateCreated['data'] & {
  updated_at: string;
  /** Once converted: the document it became (the link's other half is on that document). */
  conversion?: { target: 'invoice' | 'sales_order'; document_id: string };
};

export type EstimateState = RecordState<EstimateRecord>;
