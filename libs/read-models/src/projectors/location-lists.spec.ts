import { ACCOUNT, at, log, projectorOn, uuid } from '../testing/projector-spec';
import { postgresSkipNotice, testDatabases } from '../testing/test-databases';
import { locationListsProjector } from './location-lists';

postgresSkipNotice('location_lists projector');

const L1 = uuid('1');
const L2 = uuid('2');
const Z1 = uuid('a1');
const Z2 = uuid('a2');

const ADDRESS = {
  address_1: '1 Dock Road',
  address_2: null,
  city: 'Leeds',
  region: null,
  postal_code: 'LS1',
  country: 'UK',
  manager: null,
  phone: null,
  fax: null,
  email: 'dock@example.test',
};

const zone = (zone_id: string, location: string, name: string, minute: number) => ({
  zone_id,
  location_id: location,
  account_id: ACCOUNT,
  name,
  short_name: name.slice(0, 3),
  description: null,
  created_at: at(minute),
});

const EVENTS = log(
  [
    `location-${L1}`,
    'LocationCreated',
    { id: L1, account_id: ACCOUNT, name: 'Main', short_name: 'M', ...ADDRESS, created_at: at(0) },
  ],
  [
    `location-${L2}`,
    'LocationCreated',
    { id: L2, account_id: ACCOUNT, name: 'Spare', short_name: 'S', ...ADDRESS, created_at: at(1) },
  ],
  [`location-${L1}`, 'ZoneCreated', zone(Z1, L1, 'Aisle 1', 2)],
  [`location-${L1}`, 'ZoneCreated', zone(Z2, L1, 'Aisle 2', 3)],
  [`location-${L1}`, 'LocationUpdated', { changes: { name: 'Main store', city: null }, updated_at: at(4) }],
  [`location-${L1}`, 'ZoneUpdated', { zone_id: Z2, changes: { description: 'Cold' }, updated_at: at(5) }],
  [`location-${L2}`, 'LocationDeleted', { deleted_at: at(6) }],
);

describe.each(testDatabases())('location_lists projector on $name', (target) => {
  const spec = projectorOn(target, locationListsProjector);
  beforeAll(() => spec.project('projected', [EVENTS]));

  const rows = (table: string) => spec.rows('projected', table, 'id');

  it('keeps a row per location: changed fields, deleted ones inactive, revision of the stream', async () => {
    expect(await rows('locations')).toEqual([
      expect.objectContaining({
        id: L1,
        account_id: ACCOUNT,
        name: 'Main store',
        short_name: 'M',
        address_1: '1 Dock Road',
        city: null,
        email: 'dock@example.test',
        active: true,
        revision: 4,
        created_at: new Date(at(0)),
        updated_at: new Date(at(4)),
      }),
      expect.objectContaining({
        id: L2,
        name: 'Spare',
        active: false,
        revision: 1,
        updated_at: new Date(at(6)),
      }),
    ]);
  });

  it('keeps a row per zone with its location', async () => {
    expect(await rows('zones')).toEqual([
      expect.objectContaining({
        id: Z1,
        location_id: L1,
        account_id: ACCOUNT,
        name: 'Aisle 1',
        description: null,
        revision: 1,
      }),
      expect.objectContaining({
        id: Z2,
        location_id: L1,
        name: 'Aisle 2',
        description: 'Cold',
        revision: 4,
        updated_at: new Date(at(5)),
      }),
    ]);
  });
});
