import { CONTACT_DEFAULTS } from '@app/domain';
import { sql } from 'kysely';
import { A, ACCOUNT, at, B, C, log, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { contactListsProjector } from './contact-lists';

postgresSkipNotice('contact_lists projector');

const CUSTOMER = uuid('c1');
const PROSPECT = uuid('c2');
const SUPPLIER = uuid('d1');

const link = (id: string, record_type = 'customer') => ({ id, record_type });

const created = (id: string, minute: number, over: object = {}) => ({
  id,
  account_id: ACCOUNT,
  // The fields a creation leaves at the domain's defaults when not given.
  ...CONTACT_DEFAULTS,
  first_name: 'Ann',
  email_1: 'ann@acme.test',
  account_records: [],
  created_at: at(minute),
  ...over,
});

// A's story spans both batches; B is created and deleted within the first; C is deleted in the
// second, after its links changed in the first. The customer is deleted in the first batch after
// A linked it, and C links it again later in the same batch.
const EVENTS = log(
  [
    `contact-${A}`,
    'ContactCreated',
    created(A, 0, { account_records: [link(SUPPLIER, 'supplier'), link(CUSTOMER)] }),
  ],
  [`contact-${B}`, 'ContactCreated', created(B, 1, { first_name: 'Bob', account_records: [link(CUSTOMER)] })],
  [`contact-${C}`, 'ContactCreated', created(C, 2, { first_name: 'Cy' })],
  [
    `contact-${A}`,
    'ContactUpdated',
    { changes: { last_name: 'Lee', email_1: null, auto_add_email: true }, updated_at: at(3) },
  ],
  [`contact-${B}`, 'ContactDeleted', { deleted_at: at(4) }],
  [`customer-${CUSTOMER}`, 'CustomerDeleted', { deleted_at: at(5) }],
  [
    `contact-${C}`,
    'ContactUpdated',
    { changes: { account_records: [link(PROSPECT), link(CUSTOMER)] }, updated_at: at(6) },
  ],
  // second batch
  [
    `contact-${A}`,
    'ContactUpdated',
    { changes: { account_records: [link(PROSPECT), link(SUPPLIER, 'supplier')] }, updated_at: at(7) },
  ],
  [`contact-${A}`, 'ContactUpdated', { changes: { first_name: 'Anne' }, updated_at: at(8) }],
  [`supplier-${SUPPLIER}`, 'SupplierDeleted', { deleted_at: at(9) }],
  [`contact-${C}`, 'ContactDeleted', { deleted_at: at(10) }],
);
const FIRST_BATCH = EVENTS.slice(0, 7);
const SECOND_BATCH = EVENTS.slice(7);

describe.each(testDatabases())('contact_lists projector on $name', (target) => {
  const { project, ...spec } = projectorOn(target, contactListsProjector);

  const contacts = (schema: string) => spec.rows(schema, 'contacts', 'id');
  const links = async (schema: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select contact_id, account_id, account_record_id, record_type, position
        from ${sql.table(`${schema}.contact_links`)} order by contact_id, position`.execute(spec.db())
    ).rows;

  it('folds each contact of a batch into one row with its later changes; deleted contacts leave nothing', async () => {
    await project('first_only', [FIRST_BATCH]);
    expect(await contacts('first_only')).toEqual([
      {
        id: A,
        account_id: ACCOUNT,
        first_name: 'Ann',
        last_name: 'Lee',
        job_title: null,
        phone: null,
        cell: null,
        fax: null,
        email_1: null,
        email_2: null,
        auto_add_email: true,
        revision: 1,
        created_at: new Date(at(0)),
        updated_at: new Date(at(3)),
      },
      expect.objectContaining({ id: C, first_name: 'Cy', revision: 1, updated_at: new Date(at(6)) }),
    ]);
  });

  it('keeps links in the given order, drops those of a record deleted before, keeps one given after', async () => {
    await project('first_links', [FIRST_BATCH]);
    expect(await links('first_links')).toEqual([
      {
        contact_id: A,
        account_id: ACCOUNT,
        account_record_id: SUPPLIER,
        record_type: 'supplier',
        position: 0,
      },
      {
        contact_id: C,
        account_id: ACCOUNT,
        account_record_id: PROSPECT,
        record_type: 'customer',
        position: 0,
      },
      {
        contact_id: C,
        account_id: ACCOUNT,
        account_record_id: CUSTOMER,
        record_type: 'customer',
        position: 1,
      },
    ]);
  });

  it('replaces links, merges changes into stored rows and removes what later batches delete', async () => {
    await project('both', [FIRST_BATCH, SECOND_BATCH]);
    expect(await contacts('both')).toEqual([
      expect.objectContaining({
        id: A,
        first_name: 'Anne',
        last_name: 'Lee',
        auto_add_email: true,
        revision: 3,
        updated_at: new Date(at(8)),
      }),
    ]);
    expect(await links('both')).toEqual([
      {
        contact_id: A,
        account_id: ACCOUNT,
        account_record_id: PROSPECT,
        record_type: 'customer',
        position: 0,
      },
    ]);
  });

  it('writes the same rows whatever the batches (a rebuild equals the live tables)', async () => {
    await project('in_two', [FIRST_BATCH, SECOND_BATCH]);
    await project('together', [EVENTS]);
    await project(
      'one_by_one',
      EVENTS.map((event) => [event]),
    );
    for (const schema of ['together', 'one_by_one']) {
      expect(await contacts(schema)).toEqual(await contacts('in_two'));
      expect(await links(schema)).toEqual(await links('in_two'));
    }
  });
});
