import { PartyRecord, PartyState } from '../party/record';

export type SupplierRecord = PartyRecord;
export type SupplierState = PartyState;
