import { Decision } from '../shared/decision';
import {
  ACCOUNT_ID,
  LATER,
  NOW,
  OTHER_ACCOUNT_ID,
  OTHER_USER_ID,
  RECORD_ID,
  USER_ID,
} from '../testing/fixtures';
import { liveRecordAfter, scenario } from '../testing/scenario';
import { PartyContext } from './context';
import { PartyFields } from './fields';
import { PartyRecord, PartyState } from './record';
import { PartyViewFields } from './view';
import { conflictOf, refusal } from '../testing/errors';

/** How the shared rules reach one kind of party: its commands, its event names, its view. */
export interface PartyKit<E extends { type: string; data: object }, C> {
  noun: 'customer' | 'supplier';
  folding: { initialState: PartyState; evolve(state: PartyState, event: E): PartyState };
  decide(command: C, state: PartyState, context: PartyContext): Decision<E>;
  create(input: object): C;
  update(input: object): C;
  archive: C;
  restore: C;
  remove: C;
  /** The kind's created event for `name: "Acme"` and every default, at NOW, by USER_ID. */
  created: E;
  eventType: { created: string; updated: string; archived: string; restored: string; deleted: string };
  view(record: PartyRecord): PartyViewFields & { id: string; object: string; name: string };
  deleteCode: string;
}

export function context(over: Partial<PartyContext> = {}): PartyContext {
  return { now: LATER, accountId: ACCOUNT_ID, userId: USER_ID, ...over };
}

export const PARTY_CREATED_DATA: PartyFields & { id: string; account_id: string; created_at: string } = {
  id: RECORD_ID,
  account_id: ACCOUNT_ID,
  name: 'Acme',
  account_number: null,
  email: null,
  phone: null,
  billing_address: [],
  shipping_address: [],
  tax_rate: '0.000',
  tax_2_rate: '0.000',
  payment_terms: null,
  assigned_user_id: USER_ID,
  created_at: NOW,
};

/** The rules customers and suppliers share, run once for each (EXTENSIONS.md §6). */
export function describePartyRules<E extends { type: string; data: object }, C>(kit: PartyKit<E, C>): void {
  const party = scenario(kit.folding, kit.decide);
  const create = (input: object, over: Partial<PartyContext> = {}) =>
    party.given().when(kit.create(input), context({ now: NOW, ...over }));
  const existing = (...later: E[]) => party.given(kit.created, ...later);
  const archived = { type: kit.eventType.archived, data: { archived_at: LATER } } as unknown as E;

  describe(`${kit.noun} fields`, () => {
    it('creates with a name alone: defaults, the caller account, assigned to the caller', () => {
      expect(create({ name: 'Acme' })).toEqual([kit.created]);
    });

    it('keeps every given field, rates as three-decimal strings', () => {
      const input = {
        name: 'Acme',
        account_number: 'A-100',
        email: 'orders@acme.test',
        phone: '+1 555 0100',
        billing_address: ['1 Main St', 'Springfield'],
        shipping_address: ['Dock 4'],
        tax_rate: 8.875,
        tax_2_rate: '5',
        payment_terms: 'Net 30',
        assigned_user_id: OTHER_USER_ID,
      };
      expect(create(input)).toMatchObject([
        { data: { ...input, tax_rate: '8.875', tax_2_rate: '5.000', account_id: ACCOUNT_ID } },
      ]);
    });

    it('leaves a record unassigned when told so, and stores blank optional text as null', () => {
      expect(create({ name: 'Acme', assigned_user_id: null, email: '', phone: '  ' })).toMatchObject([
        { data: { assigned_user_id: null, email: null, phone: null } },
      ]);
    });

    it.each([
      [{}],
      [{ name: '' }],
      [{ name: '   ' }],
      [{ name: 'x'.repeat(256) }],
      [{ name: 7 }],
      [{ name: null }],
    ])('requires a name of 1 to 255 characters: %p', (input) => {
      expect(create(input)).toMatchObject({ status: 422, code: 'validation_failed', param: 'name' });
    });

    it('accepts a name of exactly 255 characters', () => {
      expect(create({ name: 'x'.repeat(255) })).toHaveLength(1);
    });

    it.each([
      ['tax_rate', -1],
      ['tax_rate', 100.001],
      ['tax_rate', 1.2345],
      ['tax_rate', 'ten'],
      ['tax_rate', '1e2'],
      ['tax_rate', null],
      ['tax_rate', true],
      ['tax_2_rate', 101],
      ['tax_2_rate', 0.1 + 0.2],
      ['email', 'nobody'],
      ['email', 5],
      ['phone', 5],
      ['account_number', 'x'.repeat(256)],
      ['payment_terms', ['Net 30']],
      ['assigned_user_id', 42],
      ['billing_address', '1 Main St'],
      ['shipping_address', null],
      ['billing_address', Array.from({ length: 11 }, () => 'line')],
    ])('refuses %s = %p, naming it', (param, value) => {
      expect(create({ name: 'Acme', [param]: value })).toMatchObject(refusal(param));
    });

    it('names the address line it refuses', () => {
      expect(create({ name: 'Acme', billing_address: ['1 Main St', ''] })).toMatchObject({
        param: 'billing_address.1',
      });
      expect(create({ name: 'Acme', shipping_address: [3] })).toMatchObject({ param: 'shipping_address.0' });
    });

    it('accepts the rate bounds 0 and 100', () => {
      expect(create({ name: 'Acme', tax_rate: 0, tax_2_rate: 100 })).toMatchObject([
        { data: { tax_rate: '0.000', tax_2_rate: '100.000' } },
      ]);
    });

    it('refuses to create the same record twice', () => {
      expect(existing().when(kit.create({ name: 'Acme' }), context())).toMatchObject({ status: 409 });
    });
  });

  describe(`${kit.noun} updates`, () => {
    it('records only the given fields that change', () => {
      expect(
        existing().when(kit.update({ name: 'Acme', phone: '555', tax_rate: '7.25' }), context()),
      ).toEqual([
        {
          type: kit.eventType.updated,
          data: { changes: { phone: '555', tax_rate: '7.250' }, updated_at: LATER },
        },
      ]);
    });

    it('appends nothing for an update that changes nothing', () => {
      const same = { name: 'Acme', tax_rate: 0, billing_address: [], email: '', assigned_user_id: USER_ID };
      expect(existing().when(kit.update(same), context())).toEqual([]);
      expect(existing().when(kit.update({}), context())).toEqual([]);
    });

    it('refuses invalid values as on creation', () => {
      expect(existing().when(kit.update({ name: null }), context())).toMatchObject({
        status: 422,
        param: 'name',
      });
      expect(existing().when(kit.update({ tax_2_rate: 150 }), context())).toMatchObject({
        param: 'tax_2_rate',
      });
    });

    it("answers 404 for another account's record, as for an absent one", () => {
      const foreign = context({ accountId: OTHER_ACCOUNT_ID });
      expect(existing().when(kit.update({ name: 'B' }), foreign)).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      expect(party.given().when(kit.update({ name: 'B' }), context())).toMatchObject({ status: 404 });
    });

    it('answers 404 to a user who may see only their own records, for a record assigned to another', () => {
      const own = context({ onlyAssignedTo: USER_ID });
      const others = context({ onlyAssignedTo: OTHER_USER_ID });
      expect(existing().when(kit.update({ name: 'B' }), own)).toHaveLength(1);
      expect(existing().when(kit.update({ name: 'B' }), others)).toMatchObject({ status: 404 });
      expect(existing().when(kit.archive, others)).toMatchObject({ status: 404 });
    });
  });

  describe(`${kit.noun} archive and restore`, () => {
    it('archives, and archiving again appends nothing', () => {
      expect(existing().when(kit.archive, context())).toEqual([archived]);
      expect(existing(archived).when(kit.archive, context())).toEqual([]);
    });

    it('restores an archived record, and restoring a live one appends nothing', () => {
      expect(existing(archived).when(kit.restore, context({ now: '2030-02-01T00:00:00.000Z' }))).toEqual([
        { type: kit.eventType.restored, data: { restored_at: '2030-02-01T00:00:00.000Z' } },
      ]);
      expect(existing().when(kit.restore, context())).toEqual([]);
    });

    it('still takes updates while archived', () => {
      expect(existing(archived).when(kit.update({ name: 'B' }), context())).toHaveLength(1);
    });
  });

  describe(`${kit.noun} deletion`, () => {
    const deleted = { type: kit.eventType.deleted, data: { deleted_at: LATER } } as unknown as E;

    it('deletes a record no document references', () => {
      expect(existing().when(kit.remove, context({ referencingDocuments: 0 }))).toEqual([deleted]);
      expect(existing(archived).when(kit.remove, context({ referencingDocuments: 0 }))).toEqual([deleted]);
    });

    it('refuses with 409 while documents reference it', () => {
      expect(existing().when(kit.remove, context({ referencingDocuments: 2 }))).toMatchObject(
        conflictOf(kit.deleteCode),
      );
    });

    it('treats a delete without the reference count as a handler bug', () => {
      expect(() => existing().when(kit.remove, context())).toThrow(TypeError);
    });

    it('answers 404 to every command after the deletion', () => {
      const gone = existing(deleted);
      const ctx = context({ referencingDocuments: 0 });
      for (const command of [kit.update({ name: 'B' }), kit.archive, kit.restore, kit.remove]) {
        expect(gone.when(command, ctx)).toMatchObject({ status: 404, code: 'resource_missing' });
      }
    });
  });

  describe(`${kit.noun} view`, () => {
    it('renders rates with three decimals and follows archive and updates', () => {
      const updated = {
        type: kit.eventType.updated,
        data: { changes: { tax_rate: '8.875' }, updated_at: '2030-01-20T00:00:00.000Z' },
      } as unknown as E;
      const record = liveRecordAfter(kit.folding, [kit.created, archived, updated]);
      expect(kit.view(record)).toStrictEqual(
        expect.objectContaining({
          id: RECORD_ID,
          object: kit.noun,
          name: 'Acme',
          tax_rate: '8.875',
          tax_2_rate: '0.000',
          archived: true,
          created_at: NOW,
          updated_at: '2030-01-20T00:00:00.000Z',
        }),
      );
      expect(kit.view(record)).not.toHaveProperty('account_id');
    });
  });
}
