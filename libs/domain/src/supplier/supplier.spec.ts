import { context, describePartyRules, PARTY_CREATED_DATA } from '../party/party-rules.fixture';
import { RECORD_ID, USER_ID } from '../testing/fixtures';
import { liveRecordAfter } from '../testing/scenario';
import { SupplierCommand } from './commands';
import { decideSupplier } from './decide';
import { SupplierEvent } from './events';
import { evolveSupplier, initialSupplierState } from './evolve';
import { supplierAggregate } from './supplier';
import { supplierView } from './view';

const folding = { initialState: initialSupplierState, evolve: evolveSupplier };
const created: SupplierEvent = { type: 'SupplierCreated', data: PARTY_CREATED_DATA };

describe('Supplier', () => {
  it('streams as supplier-<id>', () => {
    expect(supplierAggregate.streamPrefix).toBe('supplier');
  });

  describePartyRules<SupplierEvent, SupplierCommand>({
    noun: 'supplier',
    folding,
    decide: decideSupplier,
    create: (input) => ({ type: 'CreateSupplier', id: RECORD_ID, input }),
    update: (input) => ({ type: 'UpdateSupplier', input }),
    archive: { type: 'ArchiveSupplier' },
    restore: { type: 'RestoreSupplier' },
    remove: { type: 'DeleteSupplier' },
    created,
    eventType: {
      created: 'SupplierCreated',
      updated: 'SupplierUpdated',
      archived: 'SupplierArchived',
      restored: 'SupplierRestored',
      deleted: 'SupplierDeleted',
    },
    view: supplierView,
    deleteCode: 'supplier_delete_not_allowed',
  });

  it('has no kind: a kind sent by a client is not stored', () => {
    const [event] = decideSupplier(
      { type: 'CreateSupplier', id: RECORD_ID, input: { name: 'Acme', kind: 'prospect' } as object },
      initialSupplierState,
      context(),
    ) as SupplierEvent[];
    expect(event.data).not.toHaveProperty('kind');
  });

  it('renders the API shape in the specified field order', () => {
    const record = liveRecordAfter(folding, [created]);
    expect(Object.entries(supplierView(record))).toEqual([
      ['id', RECORD_ID],
      ['object', 'supplier'],
      ['name', 'Acme'],
      ['account_number', null],
      ['email', null],
      ['phone', null],
      ['billing_address', []],
      ['shipping_address', []],
      ['tax_rate', '0.000'],
      ['tax_2_rate', '0.000'],
      ['payment_terms', null],
      ['assigned_user_id', USER_ID],
      ['archived', false],
      ['created_at', PARTY_CREATED_DATA.created_at],
      ['updated_at', PARTY_CREATED_DATA.created_at],
    ]);
  });
});
