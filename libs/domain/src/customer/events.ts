import { PartyEvents } from '../party/events';
import { CustomerFields } from './fields';

type Events = PartyEvents<'Customer', CustomerFields>;

export type CustomerCreated = Events['created'];
export type CustomerUpdated = Events['updated'];
export type CustomerArchived = Events['archived'];
export type CustomerRestored = Events['restored'];

/** A prospect became a customer, e.g. when an estimate for it was converted (`estimate_id`). */
export type ProspectConvertedToCustomer = {
  type: 'ProspectConvertedToCustomer';
  data: { estimate_id: string | null; converted_at: string };
};

export type CustomerDeleted = Events['deleted'];

export type CustomerEvent =
  | CustomerCreated
  | CustomerUpdated
  | CustomerArchived
  | CustomerRestored
  | ProspectConvertedToCustomer
  | CustomerDeleted;
