import { PartyRecord, PartyState } from '../party/record';
import { CustomerFields } from './fields';

export type CustomerRecord = PartyRecord<CustomerFields>;
export type CustomerState = PartyState<CustomerFields>;
