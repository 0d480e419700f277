import { ACCOUNT_ID, LATER, NOW, USER_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario } from '../testing/scenario';
import { decideUser } from './decide';
import { UserCreated, UserEvent } from './events';
import { evolveUser, initialUserState } from './evolve';
import { userAggregate } from './user';
import { userView } from './view';

const folding = { initialState: initialUserState, evolve: evolveUser };
const user = scenario(folding, decideUser);

const created: UserCreated = {
  type: 'UserCreated',
  data: {
    id: USER_ID,
    account_id: ACCOUNT_ID,
    name: 'Ada',
    email: 'ada@example.com',
    permissions: { 'estimates.list': true },
    location_id: null,
    created_at: NOW,
  },
};
const deleted: UserEvent = { type: 'UserDeleted', data: { deleted_at: LATER } };

const create = (input: object) =>
  user.given().when({ type: 'CreateUser', id: USER_ID, account_id: ACCOUNT_ID, input }, { now: NOW });
const update = (input: object, ...given: UserEvent[]) =>
  user.given(created, ...given).when({ type: 'UpdateUser', input }, { now: LATER });

describe('User', () => {
  it('streams as user-<id>', () => {
    expect(userAggregate.streamPrefix).toBe('user');
  });

  describe('creating', () => {
    it('creates an active user with the given permissions', () => {
      expect(
        create({ name: 'Ada', email: 'ada@example.com', permissions: { 'estimates.list': true } }),
      ).toEqual([created]);
    });

    it('grants nothing and restricts no location unless told', () => {
      expect(create({ name: 'Ada', email: 'ada@example.com' })).toMatchObject([
        { data: { permissions: {}, location_id: null } },
      ]);
    });

    it('accepts "all", explicit denials and a location', () => {
      expect(create({ name: 'A', email: 'a@b.co', permissions: 'all', location_id: 'loc-1' })).toMatchObject([
        { data: { permissions: 'all', location_id: 'loc-1' } },
      ]);
      expect(
        create({ name: 'A', email: 'a@b.co', permissions: { 'inventory.delete': false } }),
      ).toMatchObject([{ data: { permissions: { 'inventory.delete': false } } }]);
    });

    it('requires a name and a valid email', () => {
      expect(create({ email: 'a@b.co' })).toMatchObject({ status: 422, param: 'name' });
      expect(create({ name: 'A' })).toMatchObject({ status: 422, param: 'email' });
      expect(create({ name: 'A', email: 'not-an-email' })).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: 'email',
      });
    });

    it('refuses an unknown permission name with 422, naming it', () => {
      expect(create({ name: 'A', email: 'a@b.co', permissions: { 'estimates.fly': true } })).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: 'permissions.estimates.fly',
      });
    });

    it.each([['some'], [['estimates.list']], [null], [{ 'estimates.list': 'yes' }]])(
      'refuses permissions %p',
      (permissions) => {
        expect(create({ name: 'A', email: 'a@b.co', permissions })).toMatchObject({ status: 422 });
      },
    );

    it('refuses a location that is not a string or null', () => {
      expect(create({ name: 'A', email: 'a@b.co', location_id: 7 })).toMatchObject({ param: 'location_id' });
    });

    it('refuses to create the same user twice', () => {
      expect(
        user.given(created).when(
          { type: 'CreateUser', id: USER_ID, account_id: ACCOUNT_ID, input: { name: 'A', email: 'a@b.co' } },
          {
            now: NOW,
          },
        ),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('updating', () => {
    it('records a changed profile with only what changed', () => {
      expect(update({ name: 'Ada L.', email: 'ada@example.com' })).toEqual([
        { type: 'UserProfileChanged', data: { name: 'Ada L.', updated_at: LATER } },
      ]);
    });

    it('replaces the permission set', () => {
      expect(update({ permissions: { 'invoices.list': true } })).toEqual([
        {
          type: 'UserPermissionsChanged',
          data: { permissions: { 'invoices.list': true }, updated_at: LATER },
        },
      ]);
    });

    it('restricts to a location and lifts the restriction', () => {
      expect(update({ location_id: 'loc-1' })).toEqual([
        { type: 'UserLocationChanged', data: { location_id: 'loc-1', updated_at: LATER } },
      ]);
      const restricted: UserEvent = {
        type: 'UserLocationChanged',
        data: { location_id: 'loc-1', updated_at: NOW },
      };
      expect(update({ location_id: null }, restricted)).toEqual([
        { type: 'UserLocationChanged', data: { location_id: null, updated_at: LATER } },
      ]);
    });

    it('deactivates and reactivates', () => {
      expect(update({ active: false })).toEqual([{ type: 'UserDeactivated', data: { updated_at: LATER } }]);
      const inactive: UserEvent = { type: 'UserDeactivated', data: { updated_at: NOW } };
      expect(update({ active: true }, inactive)).toEqual([
        { type: 'UserReactivated', data: { updated_at: LATER } },
      ]);
    });

    it('appends nothing when nothing changes', () => {
      expect(
        update({
          name: 'Ada',
          email: 'ada@example.com',
          permissions: { 'estimates.list': true },
          active: true,
        }),
      ).toEqual([]);
    });

    it('refuses invalid values', () => {
      expect(update({ active: 'no' })).toMatchObject({ status: 422, param: 'active' });
      expect(update({ email: '' })).toMatchObject({ status: 422, param: 'email' });
      expect(update({ permissions: { nope: true } })).toMatchObject({
        status: 422,
        param: 'permissions.nope',
      });
    });
  });

  describe('deleting', () => {
    it('records the deletion', () => {
      expect(user.given(created).when({ type: 'DeleteUser' }, { now: LATER })).toEqual([deleted]);
    });

    it('answers 404 to every later command', () => {
      const gone = user.given(created, deleted);
      expect(gone.when({ type: 'DeleteUser' }, { now: LATER })).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      expect(gone.when({ type: 'UpdateUser', input: { name: 'B' } }, { now: LATER })).toMatchObject({
        status: 404,
      });
    });

    it('answers 404 for a user that never existed', () => {
      expect(user.given().when({ type: 'DeleteUser' }, { now: LATER })).toMatchObject({ status: 404 });
    });
  });

  describe('view', () => {
    it('is the operator API shape, active until deactivated', () => {
      const record = liveRecordAfter(folding, [
        created,
        { type: 'UserDeactivated', data: { updated_at: LATER } },
      ]);
      expect(userView(record)).toStrictEqual({
        id: USER_ID,
        object: 'user',
        account_id: ACCOUNT_ID,
        name: 'Ada',
        email: 'ada@example.com',
        permissions: { 'estimates.list': true },
        location_id: null,
        active: false,
      });
    });
  });
});
