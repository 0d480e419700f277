import { PartyEvents } from '../party/events';
import { PartyFields } from '../party/fields';

type Events = PartyEvents<'Supplier', PartyFields>;

export type SupplierCreated = Events['created'];
export type SupplierUpdated = Events['updated'];
export type SupplierArchived = Events['archived'];
export type SupplierRestored = Events['restored'];
export type SupplierDeleted = Events['deleted'];

export type SupplierEvent =
  SupplierCreated | SupplierUpdated | SupplierArchived | SupplierRestored | SupplierDeleted;
