import { context, describePartyRules, PARTY_CREATED_DATA } from '../party/party-rules.fixture';
import { LATER, NOW, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario, stateAfter } from '../testing/scenario';
import { CustomerCommand } from './commands';
import { customerAggregate } from './customer';
import { decideCustomer } from './decide';
import { CustomerEvent } from './events';
import { evolveCustomer, initialCustomerState } from './evolve';
import { customerView } from './view';

const folding = { initialState: initialCustomerState, evolve: evolveCustomer };
const customer = scenario(folding, decideCustomer);
const created: CustomerEvent = { type: 'CustomerCreated', data: { ...PARTY_CREATED_DATA, kind: 'customer' } };
const prospect: CustomerEvent = {
  type: 'CustomerCreated',
  data: { ...PARTY_CREATED_DATA, kind: 'prospect' },
};
const create = (input: object) =>
  customer.given().when({ type: 'CreateCustomer', id: RECORD_ID, input }, context({ now: NOW }));

describe('Customer', () => {
  it('streams as customer-<id>', () => {
    expect(customerAggregate.streamPrefix).toBe('customer');
  });

  describePartyRules<CustomerEvent, CustomerCommand>({
    noun: 'customer',
    folding,
    decide: decideCustomer,
    create: (input) => ({ type: 'CreateCustomer', id: RECORD_ID, input }),
    update: (input) => ({ type: 'UpdateCustomer', input }),
    archive: { type: 'ArchiveCustomer' },
    restore: { type: 'RestoreCustomer' },
    remove: { type: 'DeleteCustomer' },
    created,
    eventType: {
      created: 'CustomerCreated',
      updated: 'CustomerUpdated',
      archived: 'CustomerArchived',
      restored: 'CustomerRestored',
      deleted: 'CustomerDeleted',
    },
    view: customerView,
    deleteCode: 'customer_delete_not_allowed',
  });

  describe('kind', () => {
    it('is customer by default and may be prospect', () => {
      expect(create({ name: 'Acme' })).toMatchObject([{ data: { kind: 'customer' } }]);
      expect(create({ name: 'Acme', kind: 'prospect' })).toMatchObject([{ data: { kind: 'prospect' } }]);
    });

    it.each([['supplier'], [''], [null], [1]])('refuses the kind %p', (kind) => {
      expect(create({ name: 'Acme', kind })).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: 'kind',
      });
    });

    it('can be changed by an update', () => {
      expect(
        customer.given(prospect).when({ type: 'UpdateCustomer', input: { kind: 'customer' } }, context()),
      ).toEqual([{ type: 'CustomerUpdated', data: { changes: { kind: 'customer' }, updated_at: LATER } }]);
    });
  });

  describe('prospect conversion', () => {
    const convert: CustomerCommand = { type: 'ConvertProspectToCustomer', estimate_id: 'est-1' };
    const converted: CustomerEvent = {
      type: 'ProspectConvertedToCustomer',
      data: { estimate_id: 'est-1', converted_at: LATER },
    };

    it('turns a prospect into a customer', () => {
      expect(customer.given(prospect).when(convert, context())).toEqual([converted]);
      const state = stateAfter(folding, [prospect, converted]);
      expect(state.status === 'live' && customerView(state.record)).toMatchObject({
        kind: 'customer',
        updated_at: LATER,
      });
    });

    it('appends nothing for a customer already, so a retried conversion is harmless', () => {
      expect(customer.given(created).when(convert, context())).toEqual([]);
      expect(customer.given(prospect, converted).when(convert, context())).toEqual([]);
    });

    it('answers 404 for a deleted record', () => {
      const deleted: CustomerEvent = { type: 'CustomerDeleted', data: { deleted_at: LATER } };
      expect(customer.given(prospect, deleted).when(convert, context())).toMatchObject({ status: 404 });
    });
  });

  it('renders the API shape in the specified field order', () => {
    const record = liveRecordAfter(folding, [prospect]);
    expect(Object.keys(customerView(record))).toEqual([
      'id',
      'object',
      'name',
      'kind',
      'account_number',
      'email',
      'phone',
      'billing_address',
      'shipping_address',
      'tax_rate',
      'tax_2_rate',
      'payment_terms',
      'assigned_user_id',
      'archived',
      'created_at',
      'updated_at',
    ]);
  });
});
