import { ACCOUNT_ID, LATER, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario, stateAfter } from '../testing/scenario';
import { LocationCommand } from './commands';
import { LocationContext } from './context';
import { decideLocation } from './decide';
import { LocationEvent } from './events';
import { evolveLocation, initialLocationState } from './evolve';
import { locationAggregate } from './location';
import { locationView, zoneView } from './view';

const folding = { initialState: initialLocationState, evolve: evolveLocation };
const location = scenario(folding, decideLocation);
const ZONE_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';

const context = (overrides: Partial<LocationContext> = {}): LocationContext => ({
  now: LATER,
  accountId: ACCOUNT_ID,
  restrictedTo: null,
  ...overrides,
});

const EMPTY_ADDRESS = {
  address_1: null,
  address_2: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  manager: null,
  phone: null,
  fax: null,
  email: null,
};

const created: LocationEvent = {
  type: 'LocationCreated',
  data: {
    id: RECORD_ID,
    account_id: ACCOUNT_ID,
    name: 'Main warehouse',
    short_name: 'MAIN',
    ...EMPTY_ADDRESS,
    city: 'Leeds',
    created_at: NOW,
  },
};
const zoneCreated: LocationEvent = {
  type: 'ZoneCreated',
  data: {
    zone_id: ZONE_ID,
    location_id: RECORD_ID,
    account_id: ACCOUNT_ID,
    name: 'Aisle 1',
    short_name: 'A1',
    description: null,
    created_at: NOW,
  },
};
const deleted: LocationEvent = { type: 'LocationDeleted', data: { deleted_at: LATER } };

const create = (input: object, ctx = context({ now: NOW })) =>
  location.given().when({ type: 'CreateLocation', id: RECORD_ID, input }, ctx);
const noDependents = context({ dependents: [] });

describe('Location', () => {
  it('streams as location-<id>', () => {
    expect(locationAggregate.streamPrefix).toBe('location');
  });

  describe('create', () => {
    it('records the given fields, the others null', () => {
      expect(create({ name: 'Main warehouse', short_name: 'MAIN', city: 'Leeds' })).toEqual([created]);
    });

    it('treats blank optional fields as none', () => {
      expect(create({ name: 'N', short_name: 'S', city: '  ', email: '' })).toMatchObject([
        { data: { city: null, email: null } },
      ]);
    });

    it.each([['name'], ['short_name']])('requires %s', (field) => {
      const input: Record<string, unknown> = { name: 'N', short_name: 'S' };
      delete input[field];
      expect(create(input)).toMatchObject({ status: 422, code: 'validation_failed', param: field });
    });

    it.each([
      ['name', 100],
      ['short_name', 25],
      ['address_1', 100],
      ['address_2', 100],
      ['city', 100],
      ['region', 100],
      ['country', 100],
      ['postal_code', 20],
      ['manager', 255],
      ['phone', 255],
      ['fax', 255],
    ])('limits %s to %i characters', (field, max) => {
      const base = { name: 'N', short_name: 'S' };
      expect(create({ ...base, [field]: 'x'.repeat(max) })).toMatchObject([
        { data: { [field]: 'x'.repeat(max) } },
      ]);
      expect(create({ ...base, [field]: 'x'.repeat(max + 1) })).toMatchObject({ status: 422, param: field });
    });

    it('accepts a valid email up to 255 characters and refuses anything else', () => {
      const base = { name: 'N', short_name: 'S' };
      const longest = `${'a'.repeat(243)}@example.com`;
      expect(longest).toHaveLength(255);
      expect(create({ ...base, email: longest })).toMatchObject([{ data: { email: longest } }]);
      for (const email of [`a${longest}`, 'not-an-email', 'a@b', 7]) {
        expect(create({ ...base, email })).toMatchObject({ status: 422, param: 'email' });
      }
    });

    it('refuses a user restricted to one location', () => {
      expect(create({ name: 'N', short_name: 'S' }, context({ restrictedTo: RECORD_ID }))).toMatchObject({
        status: 403,
        code: 'permission_denied',
      });
    });

    it('refuses to create a location twice', () => {
      const again = location
        .given(created)
        .when({ type: 'CreateLocation', id: RECORD_ID, input: {} }, context());
      expect(again).toMatchObject({ status: 409 });
    });
  });

  describe('update', () => {
    const update = (input: object, ctx = context()) =>
      location.given(created).when({ type: 'UpdateLocation', input }, ctx);

    it('replaces the complete field set: optional fields left out are cleared', () => {
      expect(update({ name: 'Main', short_name: 'MAIN', phone: '0113' })).toEqual([
        {
          type: 'LocationUpdated',
          data: { changes: { name: 'Main', city: null, phone: '0113' }, updated_at: LATER },
        },
      ]);
    });

    it('appends nothing when nothing changes', () => {
      expect(update({ name: 'Main warehouse', short_name: 'MAIN', city: 'Leeds' })).toEqual([]);
    });

    it('requires name and short_name, with the create limits', () => {
      expect(update({ name: 'Main' })).toMatchObject({ status: 422, param: 'short_name' });
      expect(update({ name: 'Main', short_name: 'x'.repeat(26) })).toMatchObject({ param: 'short_name' });
    });

    it('is 404 for another account, a deleted location or outside the caller’s location', () => {
      const input = { name: 'N', short_name: 'S' };
      expect(update(input, context({ accountId: OTHER_ACCOUNT_ID }))).toMatchObject({ status: 404 });
      expect(update(input, context({ restrictedTo: ZONE_ID }))).toMatchObject({ status: 404 });
      expect(
        location.given(created, deleted).when({ type: 'UpdateLocation', input }, context()),
      ).toMatchObject({ status: 404, code: 'resource_missing' });
      expect(location.given().when({ type: 'UpdateLocation', input }, context())).toMatchObject({
        status: 404,
      });
    });

    it('lets a restricted user update their own location', () => {
      expect(update({ name: 'Mine', short_name: 'M' }, context({ restrictedTo: RECORD_ID }))).toMatchObject([
        { type: 'LocationUpdated' },
      ]);
    });

    it('folds the changes into the view', () => {
      const updated: LocationEvent = {
        type: 'LocationUpdated',
        data: { changes: { city: null, email: 'a@b.co' }, updated_at: LATER },
      };
      const state = stateAfter(folding, [created, updated]);
      expect(state.status === 'live' && locationView(state.record)).toMatchObject({
        city: null,
        email: 'a@b.co',
        created_at: NOW,
        updated_at: LATER,
      });
    });
  });

  describe('delete', () => {
    const remove: LocationCommand = { type: 'DeleteLocation' };

    it('marks a location without dependents deleted', () => {
      expect(location.given(created).when(remove, noDependents)).toEqual([deleted]);
      expect(stateAfter(folding, [created, deleted]).status).toBe('deleted');
    });

    it('is refused while the location has zones', () => {
      expect(location.given(created, zoneCreated).when(remove, noDependents)).toMatchObject({
        status: 409,
        code: 'location_delete_not_allowed',
        message: expect.stringContaining('zones (1)'),
      });
    });

    it('is refused while anything else depends on it, naming what', () => {
      const ctx = context({
        dependents: [
          { name: 'assigned users', count: 2 },
          { name: 'documents', count: 0 },
        ],
      });
      const refusal = location.given(created).when(remove, ctx);
      expect(refusal).toMatchObject({ status: 409, code: 'location_delete_not_allowed' });
      expect((refusal as Error).message).toContain('assigned users (2)');
      expect((refusal as Error).message).not.toContain('documents');
    });

    it('demands that the handler counted the dependents', () => {
      expect(() => location.given(created).when(remove, context())).toThrow(TypeError);
    });

    it('is 404 once deleted', () => {
      expect(location.given(created, deleted).when(remove, noDependents)).toMatchObject({ status: 404 });
    });
  });

  describe('zones', () => {
    const createZone = (input: object, ...given: LocationEvent[]) =>
      location
        .given(...(given.length ? given : [created]))
        .when({ type: 'CreateZone', zone_id: ZONE_ID, input }, context({ now: NOW }));
    const updateZone = (input: object, zone_id = ZONE_ID, ctx = context()) =>
      location.given(created, zoneCreated).when({ type: 'UpdateZone', zone_id, input }, ctx);

    it('creates a zone of the location', () => {
      expect(createZone({ name: 'Aisle 1', short_name: 'A1' })).toEqual([zoneCreated]);
      const state = stateAfter(folding, [created, zoneCreated]);
      expect(state.status === 'live' && state.record.zones.map(zoneView)).toEqual([
        {
          id: ZONE_ID,
          object: 'zone',
          location_id: RECORD_ID,
          name: 'Aisle 1',
          short_name: 'A1',
          description: null,
        },
      ]);
    });

    it('checks name (100), short_name (25) and description', () => {
      expect(createZone({ short_name: 'A1' })).toMatchObject({ status: 422, param: 'name' });
      expect(createZone({ name: 'x'.repeat(101), short_name: 'A1' })).toMatchObject({ param: 'name' });
      expect(createZone({ name: 'A', short_name: 'x'.repeat(26) })).toMatchObject({ param: 'short_name' });
      expect(createZone({ name: 'A', short_name: 'A', description: 5 })).toMatchObject({
        param: 'description',
      });
      expect(createZone({ name: 'A', short_name: 'A', description: 'Top shelves' })).toMatchObject([
        { data: { description: 'Top shelves' } },
      ]);
    });

    it('cannot be created in a deleted or invisible location', () => {
      expect(createZone({ name: 'A', short_name: 'A' }, created, deleted)).toMatchObject({ status: 404 });
      const outside = location
        .given(created)
        .when(
          { type: 'CreateZone', zone_id: ZONE_ID, input: { name: 'A', short_name: 'A' } },
          context({ restrictedTo: ZONE_ID }),
        );
      expect(outside).toMatchObject({ status: 404 });
    });

    it('updates the complete zone field set; a left-out description is cleared', () => {
      const described = location.given(created, zoneCreated).when(
        {
          type: 'UpdateZone',
          zone_id: ZONE_ID,
          input: { name: 'Aisle 1', short_name: 'A1', description: 'Cold' },
        },
        context(),
      );
      expect(described).toEqual([
        {
          type: 'ZoneUpdated',
          data: { zone_id: ZONE_ID, changes: { description: 'Cold' }, updated_at: LATER },
        },
      ]);
      const renamed: LocationEvent = (described as LocationEvent[])[0];
      expect(
        location
          .given(created, zoneCreated, renamed)
          .when(
            { type: 'UpdateZone', zone_id: ZONE_ID, input: { name: 'Aisle 1', short_name: 'A1' } },
            context(),
          ),
      ).toMatchObject([{ data: { changes: { description: null } } }]);
    });

    it('appends nothing for an unchanged zone', () => {
      expect(updateZone({ name: 'Aisle 1', short_name: 'A1', description: null })).toEqual([]);
    });

    it('is 404 for a zone of another location', () => {
      expect(updateZone({ name: 'A', short_name: 'A' }, RECORD_ID)).toMatchObject({ status: 404 });
    });

    it('folds a zone update into that zone only', () => {
      const second: LocationEvent = {
        type: 'ZoneCreated',
        data: { ...(zoneCreated.data as object), zone_id: RECORD_ID, name: 'Aisle 2' } as never,
      };
      const updated: LocationEvent = {
        type: 'ZoneUpdated',
        data: { zone_id: ZONE_ID, changes: { name: 'Aisle one' }, updated_at: LATER },
      };
      const state = stateAfter(folding, [created, zoneCreated, second, updated]);
      expect(state.status === 'live' && state.record.zones.map((zone) => zone.name)).toEqual([
        'Aisle one',
        'Aisle 2',
      ]);
    });
  });

  it('renders the location in the documented field order', () => {
    const record = liveRecordAfter(folding, [created]);
    expect(Object.keys(locationView(record))).toEqual([
      'id',
      'object',
      'name',
      'short_name',
      'address_1',
      'address_2',
      'city',
      'region',
      'postal_code',
      'country',
      'manager',
      'phone',
      'fax',
      'email',
      'created_at',
      'updated_at',
    ]);
  });
});
