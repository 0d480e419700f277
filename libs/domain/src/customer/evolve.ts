import { partySteps } from '../party/evolve';
import { evolver } from '../shared/evolver';
import { ABSENT, changeLive } from '../shared/record-state';
import { CustomerEvent } from './events';
import { CustomerFields } from './fields';
import { CustomerState } from './state';

export const initialCustomerState: CustomerState = ABSENT;

export const evolveCustomer = evolver<CustomerState, CustomerEvent>({
  ...partySteps<'Customer', CustomerFields>('Customer'),
  ProspectConvertedToCustomer: (state, data) =>
    changeLive(state, data.converted_at, (record) => ({ ...record, kind: 'customer' })),
});
