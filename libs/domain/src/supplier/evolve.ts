import { partySteps } from '../party/evolve';
import { PartyFields } from '../party/fields';
import { evolver } from '../shared/evolver';
import { ABSENT } from '../shared/record-state';
import { SupplierEvent } from './events';
import { SupplierState } from './state';

export const initialSupplierState: SupplierState = ABSENT;

export const evolveSupplier = evolver<SupplierState, SupplierEvent>(
  partySteps<'Supplier', PartyFields>('Supplier'),
);
