import { RecordState } from '../shared/record-state';
import { PartyFields } from './fields';

/** A customer or supplier as its stream tells it; `F` adds the kind's own fields. */
export type PartyRecord<F extends PartyFields = PartyFields> = F & {
  id: string;
  account_id: string;
  archived: boolean;
  created_at: string;
  updated_at: string;
};

export type PartyState<F extends PartyFields = PartyFields> = RecordState<PartyRecord<F>>;
