import {
  ACCOUNT_ID,
  LATER,
  NOW,
  OTHER_ACCOUNT_ID,
  OTHER_USER_ID,
  RECORD_ID,
  USER_ID,
} from '../testing/fixtures';
import { liveRecordAfter, scenario, stateAfter } from '../testing/scenario';
import { ContactCommand } from './commands';
import { contactAggregate } from './contact';
import { ContactContext } from './context';
import { decideContact } from './decide';
import { ContactEvent } from './events';
import { evolveContact, initialContactState } from './evolve';
import { AccountRecordRef, MAX_LINKS } from './links';
import { contactView } from './view';
import { refusal } from '../testing/errors';

const folding = { initialState: initialContactState, evolve: evolveContact };
const contact = scenario(folding, decideContact);

// The account's customers, prospects and suppliers, as the handler would find them.
const MINE = '11111111-1111-4111-8111-111111111111'; // customer assigned to USER_ID
const LEAD = '22222222-2222-4222-8222-222222222222'; // prospect assigned to USER_ID
const VENDOR = '33333333-3333-4333-8333-333333333333'; // supplier assigned to USER_ID
const THEIRS = '44444444-4444-4444-8444-444444444444'; // customer assigned to OTHER_USER_ID
const GONE = '55555555-5555-4555-8555-555555555555'; // deleted (or of another account): not found

const RECORDS: [string, AccountRecordRef][] = [
  [MINE, { object: 'customer', name: 'Globex', assigned_user_id: USER_ID }],
  [LEAD, { object: 'prospect', name: 'Initech', assigned_user_id: USER_ID }],
  [VENDOR, { object: 'supplier', name: 'Parts Co', assigned_user_id: USER_ID }],
  [THEIRS, { object: 'customer', name: 'Umbrella', assigned_user_id: OTHER_USER_ID }],
];

function context(over: Partial<ContactContext> = {}): ContactContext {
  return { now: LATER, accountId: ACCOUNT_ID, accountRecords: new Map(RECORDS), ...over };
}
/** A user without account_records.view_all. */
const confined = (userId = USER_ID, over: Partial<ContactContext> = {}) =>
  context({ onlyAssignedTo: userId, ...over });

const CREATED_DATA = {
  id: RECORD_ID,
  account_id: ACCOUNT_ID,
  first_name: 'Ann',
  last_name: null,
  job_title: null,
  phone: null,
  cell: null,
  fax: null,
  email_1: null,
  email_2: null,
  auto_add_email: false,
  account_records: [],
  created_at: NOW,
};
const created: ContactEvent = { type: 'ContactCreated', data: CREATED_DATA };
const linkedTo = (...links: [string, 'customer' | 'supplier'][]): ContactEvent => ({
  type: 'ContactCreated',
  data: { ...CREATED_DATA, account_records: links.map(([id, record_type]) => ({ id, record_type })) },
});
const deleted: ContactEvent = { type: 'ContactDeleted', data: { deleted_at: LATER } };

const create = (input: object, ctx = context({ now: NOW })) =>
  contact.given().when({ type: 'CreateContact', id: RECORD_ID, input }, ctx);
const update = (input: object): ContactCommand => ({ type: 'UpdateContact', input });
const remove: ContactCommand = { type: 'DeleteContact' };

function viewAfter(events: ContactEvent[], ctx = context()) {
  const record = liveRecordAfter(folding, events);
  return contactView(record, ctx);
}

describe('Contact', () => {
  it('streams as contact-<id>', () => {
    expect(contactAggregate.streamPrefix).toBe('contact');
  });

  describe('creation', () => {
    it('creates with a first name alone: defaults, no links, the caller account', () => {
      expect(create({ first_name: 'Ann' })).toEqual([created]);
    });

    it('keeps every given field and links in the given order, ids lower-cased', () => {
      const input = {
        first_name: 'Ann',
        last_name: 'Lee',
        job_title: 'Buyer',
        phone: '+1 555 0100',
        cell: '+1 555 0101',
        fax: '+1 555 0102',
        email_1: 'ann@globex.test',
        email_2: 'ann.lee@home.test',
        auto_add_email: true,
      };
      expect(create({ ...input, account_record_ids: [VENDOR, LEAD.toUpperCase(), MINE] })).toEqual([
        {
          type: 'ContactCreated',
          data: {
            ...CREATED_DATA,
            ...input,
            account_records: [
              { id: VENDOR, record_type: 'supplier' },
              { id: LEAD, record_type: 'customer' },
              { id: MINE, record_type: 'customer' },
            ],
          },
        },
      ]);
    });

    it('stores blank optional text as null', () => {
      expect(create({ first_name: 'Ann', last_name: '  ', email_1: '', phone: null })).toMatchObject([
        { data: { last_name: null, email_1: null, phone: null } },
      ]);
    });

    it('refuses an email of only whitespace: a mistyped address, not a cleared one', () => {
      expect(create({ first_name: 'Ann', email_2: ' \t ' })).toMatchObject({ status: 422, param: 'email_2' });
    });

    it.each([
      [{}],
      [{ first_name: '' }],
      [{ first_name: '  ' }],
      [{ first_name: null }],
      [{ first_name: 7 }],
      [{ first_name: 'x'.repeat(256) }],
    ])('requires a first name of 1 to 255 characters: %p', (input) => {
      expect(create(input)).toMatchObject({ status: 422, code: 'validation_failed', param: 'first_name' });
    });

    it('accepts names and job titles of exactly 255 characters', () => {
      const long = 'x'.repeat(255);
      expect(create({ first_name: long, last_name: long, job_title: long })).toHaveLength(1);
    });

    it.each([
      ['last_name', 'x'.repeat(256)],
      ['job_title', 'x'.repeat(256)],
      ['last_name', 5],
      ['phone', 5],
      ['cell', ['555']],
      ['fax', true],
      ['email_1', 'nobody'],
      ['email_2', 'a@b'],
      ['email_1', 42],
      ['auto_add_email', 'true'],
      ['auto_add_email', null],
      ['auto_add_email', 1],
    ])('refuses %s = %p, naming it', (param, value) => {
      expect(create({ first_name: 'Ann', [param]: value })).toMatchObject(refusal(param));
    });
  });

  describe('links given as account_record_ids', () => {
    it.each([[null], ['x'], [MINE], [{}]])('must be an array: %p', (ids) => {
      expect(create({ first_name: 'Ann', account_record_ids: ids })).toMatchObject({
        status: 422,
        param: 'account_record_ids',
      });
    });

    it('names the entry that is not an id, repeats one, or is no visible record of the account', () => {
      for (const [ids, param] of [
        [[MINE, 'nope'], 'account_record_ids.1'],
        [[7], 'account_record_ids.0'],
        [[MINE, VENDOR, MINE], 'account_record_ids.2'],
        [[MINE, MINE.toUpperCase()], 'account_record_ids.1'],
        [[GONE], 'account_record_ids.0'],
      ] as const) {
        expect(create({ first_name: 'Ann', account_record_ids: ids })).toMatchObject({
          status: 422,
          code: 'validation_failed',
          param,
        });
      }
    });

    it(`takes at most ${MAX_LINKS}`, () => {
      const ids = Array.from({ length: MAX_LINKS + 1 }, () => MINE);
      expect(create({ first_name: 'Ann', account_record_ids: ids })).toMatchObject({
        param: 'account_record_ids',
      });
    });

    it('lets a user without view-all link only the records assigned to them', () => {
      expect(create({ first_name: 'Ann', account_record_ids: [MINE] }, confined())).toHaveLength(1);
      expect(create({ first_name: 'Ann', account_record_ids: [MINE, THEIRS] }, confined())).toMatchObject({
        status: 422,
        param: 'account_record_ids.1',
      });
      expect(create({ first_name: 'Ann', account_record_ids: [THEIRS] })).toHaveLength(1);
    });
  });

  describe('updates', () => {
    it('records only the given fields that change', () => {
      expect(
        contact.given(created).when(update({ first_name: 'Ann', job_title: 'CFO', email_1: '' }), context()),
      ).toEqual([{ type: 'ContactUpdated', data: { changes: { job_title: 'CFO' }, updated_at: LATER } }]);
    });

    it('appends nothing for an update that changes nothing', () => {
      expect(contact.given(created).when(update({}), context())).toEqual([]);
      expect(
        contact.given(created).when(update({ first_name: 'Ann', account_record_ids: [] }), context()),
      ).toEqual([]);
      const linked = linkedTo([MINE, 'customer']);
      expect(contact.given(linked).when(update({ account_record_ids: [MINE] }), context())).toEqual([]);
    });

    it('keeps the links when account_record_ids is left out, replaces them all when given', () => {
      const linked = linkedTo([MINE, 'customer'], [VENDOR, 'supplier']);
      expect(contact.given(linked).when(update({ last_name: 'Lee' }), context())).toEqual([
        { type: 'ContactUpdated', data: { changes: { last_name: 'Lee' }, updated_at: LATER } },
      ]);
      expect(contact.given(linked).when(update({ account_record_ids: [LEAD] }), context())).toEqual([
        {
          type: 'ContactUpdated',
          data: { changes: { account_records: [{ id: LEAD, record_type: 'customer' }] }, updated_at: LATER },
        },
      ]);
      expect(contact.given(linked).when(update({ account_record_ids: [] }), context())).toMatchObject([
        { data: { changes: { account_records: [] } } },
      ]);
    });

    it('keeps the links a user without view-all cannot see when it replaces the links', () => {
      const shared = linkedTo([THEIRS, 'customer'], [MINE, 'customer']);
      expect(contact.given(shared).when(update({ account_record_ids: [VENDOR] }), confined())).toMatchObject([
        {
          data: {
            changes: {
              account_records: [
                { id: VENDOR, record_type: 'supplier' },
                { id: THEIRS, record_type: 'customer' },
              ],
            },
          },
        },
      ]);
    });

    it('drops links to records deleted since when the links are replaced', () => {
      const dangling = linkedTo([GONE, 'customer'], [MINE, 'customer']);
      expect(contact.given(dangling).when(update({ account_record_ids: [MINE] }), context())).toMatchObject([
        { data: { changes: { account_records: [{ id: MINE, record_type: 'customer' }] } } },
      ]);
    });

    it('refuses invalid values as on creation', () => {
      expect(contact.given(created).when(update({ first_name: null }), context())).toMatchObject({
        status: 422,
        param: 'first_name',
      });
      expect(contact.given(created).when(update({ account_record_ids: [GONE] }), context())).toMatchObject({
        param: 'account_record_ids.0',
      });
    });
  });

  describe('visibility', () => {
    it("answers 404 for another account's contact, an absent one and a deleted one", () => {
      expect(
        contact.given(created).when(update({ first_name: 'B' }), context({ accountId: OTHER_ACCOUNT_ID })),
      ).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      expect(contact.given().when(update({ first_name: 'B' }), context())).toMatchObject({ status: 404 });
      for (const command of [update({ first_name: 'B' }), remove]) {
        expect(contact.given(created, deleted).when(command, context())).toMatchObject({ status: 404 });
      }
    });

    it('shows a user without view-all only contacts linked to a record assigned to them', () => {
      const rename = update({ first_name: 'B' });
      expect(contact.given(linkedTo([MINE, 'customer'])).when(rename, confined())).toHaveLength(1);
      expect(
        contact.given(linkedTo([VENDOR, 'supplier'], [THEIRS, 'customer'])).when(rename, confined()),
      ).toHaveLength(1);
      expect(contact.given(linkedTo([THEIRS, 'customer'])).when(rename, confined())).toMatchObject({
        status: 404,
      });
      expect(contact.given(created).when(remove, confined())).toMatchObject({ status: 404 });
      expect(contact.given(linkedTo([GONE, 'customer'])).when(remove, confined())).toMatchObject({
        status: 404,
      });
      expect(
        contact.given(linkedTo([THEIRS, 'customer'])).when(rename, confined(OTHER_USER_ID)),
      ).toHaveLength(1);
    });

    it('shows every contact of the account with view-all, linked or not', () => {
      expect(contact.given(created).when(remove, context())).toEqual([deleted]);
      expect(contact.given(linkedTo([THEIRS, 'customer'])).when(remove, context())).toEqual([deleted]);
    });
  });

  describe('deletion', () => {
    it('deletes the contact with its links, and answers 404 to every command after', () => {
      const linked = linkedTo([MINE, 'customer']);
      expect(contact.given(linked).when(remove, context())).toEqual([deleted]);
      expect(stateAfter(folding, [linked, deleted]).status).toBe('deleted');
    });

    it('refuses to create the same contact twice', () => {
      expect(
        contact
          .given(created)
          .when({ type: 'CreateContact', id: RECORD_ID, input: { first_name: 'A' } }, context()),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('view', () => {
    it('renders the API shape in the specified field order, following updates', () => {
      const renamed: ContactEvent = {
        type: 'ContactUpdated',
        data: { changes: { last_name: 'Lee' }, updated_at: LATER },
      };
      const view = viewAfter([created, renamed]);
      expect(Object.keys(view)).toEqual([
        'id',
        'object',
        'first_name',
        'last_name',
        'job_title',
        'phone',
        'cell',
        'fax',
        'email_1',
        'email_2',
        'auto_add_email',
        'account_records',
        'created_at',
        'updated_at',
      ]);
      expect(view).toMatchObject({
        id: RECORD_ID,
        object: 'contact',
        last_name: 'Lee',
        created_at: NOW,
        updated_at: LATER,
      });
      expect(view).not.toHaveProperty('account_id');
    });

    it('shows the linked records that exist as they are now, a prospect as prospect, in link order', () => {
      const view = viewAfter([
        linkedTo([VENDOR, 'supplier'], [GONE, 'customer'], [LEAD, 'customer'], [THEIRS, 'customer']),
      ]);
      expect(view.account_records).toEqual([
        { id: VENDOR, object: 'supplier', name: 'Parts Co' },
        { id: LEAD, object: 'prospect', name: 'Initech' },
        { id: THEIRS, object: 'customer', name: 'Umbrella' },
      ]);
      const converted = context({
        accountRecords: new Map([
          [LEAD, { object: 'customer', name: 'Initech Inc', assigned_user_id: USER_ID }],
        ]),
      });
      expect(viewAfter([linkedTo([LEAD, 'customer'])], converted).account_records).toEqual([
        { id: LEAD, object: 'customer', name: 'Initech Inc' },
      ]);
    });

    it('shows a user without view-all only the linked records assigned to them', () => {
      const view = viewAfter([linkedTo([THEIRS, 'customer'], [MINE, 'customer'])], confined());
      expect(view.account_records).toEqual([{ id: MINE, object: 'customer', name: 'Globex' }]);
    });

    it('ignores a record found under the other kind than the link names', () => {
      expect(viewAfter([linkedTo([VENDOR, 'customer'])]).account_records).toEqual([]);
    });
  });
});
