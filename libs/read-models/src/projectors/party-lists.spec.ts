import { A, ACCOUNT, at, B, C, D, log, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { partyListsProjector } from './party-lists';

postgresSkipNotice('party_lists projector');

const USER = uuid('f1');

const FIELDS = {
  name: 'Acme',
  account_number: null,
  email: 'a@acme.test',
  phone: null,
  billing_address: [],
  shipping_address: ['Dock 4'],
  tax_rate: '0.000',
  tax_2_rate: '5.000',
  payment_terms: null,
  assigned_user_id: USER,
};

const created = (id: string, minute: number, over: object = {}) => ({
  id,
  account_id: ACCOUNT,
  ...FIELDS,
  created_at: at(minute),
  ...over,
});

// A's story spans both batches; B is created and deleted within the first; C is deleted in the
// second; D only changes in the first.
const EVENTS = log(
  [`customer-${A}`, 'CustomerCreated', created(A, 0, { kind: 'prospect' })],
  [`customer-${B}`, 'CustomerCreated', created(B, 1, { kind: 'customer' })],
  [`supplier-${C}`, 'SupplierCreated', created(C, 2, { name: 'Parts' })],
  [
    `customer-${A}`,
    'CustomerUpdated',
    {
      changes: { email: null, billing_address: ['1 Main St'], tax_rate: '8.875', assigned_user_id: null },
      updated_at: at(3),
    },
  ],
  [`customer-${B}`, 'CustomerDeleted', { deleted_at: at(4) }],
  [`customer-${A}`, 'CustomerArchived', { archived_at: at(5) }],
  [`supplier-${D}`, 'SupplierCreated', created(D, 6, { name: 'Bolts' })],
  [`supplier-${D}`, 'SupplierArchived', { archived_at: at(7) }],
  [`customer-${A}`, 'ProspectConvertedToCustomer', { estimate_id: null, converted_at: at(8) }],
  // second batch
  [`customer-${A}`, 'CustomerRestored', { restored_at: at(9) }],
  [`customer-${A}`, 'CustomerUpdated', { changes: { name: 'Zed' }, updated_at: at(10) }],
  [`supplier-${C}`, 'SupplierDeleted', { deleted_at: at(11) }],
);
const FIRST_BATCH = EVENTS.slice(0, 9);
const SECOND_BATCH = EVENTS.slice(9);

describe.each(testDatabases())('party_lists projector on $name', (target) => {
  const { project, ...spec } = projectorOn(target, partyListsProjector);

  const rows = (schema: string, table: string) => spec.rows(schema, table, 'id');

  it('folds each record of a batch into one row: created rows carry their later changes', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await rows('first_only', 'customers')).toEqual([
      expect.objectContaining({
        id: A,
        account_id: ACCOUNT,
        kind: 'customer',
        name: 'Acme',
        email: null,
        billing_address: ['1 Main St'],
        shipping_address: ['Dock 4'],
        tax_rate: '8.875',
        tax_2_rate: '5.000',
        assigned_user_id: null,
        archived: true,
        revision: 3,
        created_at: new Date(at(0)),
        updated_at: new Date(at(8)),
      }),
    ]);
    expect(await rows('first_only', 'suppliers')).toEqual([
      expect.objectContaining({ id: C, name: 'Parts', archived: false, revision: 0 }),
      expect.objectContaining({
        id: D,
        name: 'Bolts',
        archived: true,
        revision: 1,
        updated_at: new Date(at(7)),
      }),
    ]);
  });

  it('ends with the same rows whether events come in batches or one by one', async () => {
    await project('batched', [FIRST_BATCH, SECOND_BATCH]);
    await project(
      'one_by_one',
      EVENTS.map((event) => [event]),
    );
    for (const table of ['customers', 'suppliers']) {
      expect(await rows('batched', table)).toEqual(await rows('one_by_one', table));
    }
    expect(await rows('batched', 'customers')).toEqual([
      expect.objectContaining({
        id: A,
        kind: 'customer',
        name: 'Zed',
        email: null,
        tax_rate: '8.875',
        archived: false,
        revision: 5,
        updated_at: new Date(at(10)),
      }),
    ]);
    expect((await rows('batched', 'suppliers')).map((row) => row.id)).toEqual([D]);
  });
});
