import { liveRecordAfter, scenario, stateAfter } from '../testing/scenario';
import { LATER, NOW } from '../testing/fixtures';
import { accountAggregate } from './account';
import { AccountEvent, AccountOpened } from './events';
import { decideAccount } from './decide';
import { evolveAccount, initialAccountState } from './evolve';
import { DEFAULT_ACCOUNT_SETTINGS } from './settings';
import { accountView } from './view';
import { missing } from '../testing/errors';

const folding = { initialState: initialAccountState, evolve: evolveAccount };
const account = scenario(folding, decideAccount);
const ID = 'a1b2c3d4-0000-4000-8000-000000000001';

const opened: AccountOpened = {
  type: 'AccountOpened',
  data: { id: ID, name: 'Acme', timezone: 'UTC', settings: { ...DEFAULT_ACCOUNT_SETTINGS }, created_at: NOW },
};

const open = (input: object) => account.given().when({ type: 'OpenAccount', id: ID, input }, { now: NOW });
const update = (input: object, ...given: AccountEvent[]) =>
  account.given(opened, ...given).when({ type: 'UpdateAccount', input }, { now: LATER });

describe('Account', () => {
  it('streams as account-<id>', () => {
    expect(accountAggregate.streamPrefix).toBe('account');
  });

  describe('opening', () => {
    it('opens with UTC and the default settings when only a name is given', () => {
      expect(open({ name: 'Acme' })).toEqual([opened]);
    });

    it('keeps a valid IANA time zone in its canonical spelling', () => {
      expect(open({ name: 'Acme', timezone: 'europe/paris' })).toMatchObject([
        { data: { timezone: 'Europe/Paris' } },
      ]);
    });

    it.each([['Mars/Olympus'], [''], ['+01:00'], [42]])('refuses the time zone %p', (timezone) => {
      expect(open({ name: 'Acme', timezone })).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: 'timezone',
      });
    });

    it('requires a name', () => {
      expect(open({})).toMatchObject({ status: 422, code: 'validation_failed', param: 'name' });
      expect(open({ name: '  ' })).toMatchObject({ param: 'name' });
      expect(open({ name: 'x'.repeat(256) })).toMatchObject({ param: 'name' });
    });

    it('merges the given settings over the defaults', () => {
      const [event] = open({
        name: 'Acme',
        settings: { tax_label: 'VAT', record_limit: 500 },
      }) as AccountEvent[];
      expect(event.data).toMatchObject({
        settings: { ...DEFAULT_ACCOUNT_SETTINGS, tax_label: 'VAT', record_limit: 500 },
      });
    });

    it.each([
      ['packing_lists_enabled', 'yes'],
      ['estimate_expiry_days', 1.5],
      ['estimate_expiry_days', -1],
      ['tax_label', ''],
      ['tax_2_label', 7],
      ['record_limit', -3],
      ['default_payment_terms', false],
    ])('refuses the setting %s = %p, naming it', (key, value) => {
      expect(open({ name: 'Acme', settings: { [key]: value } })).toMatchObject({
        status: 422,
        code: 'validation_failed',
        param: `settings.${key}`,
      });
    });

    it('refuses an unknown setting rather than storing it', () => {
      expect(open({ name: 'Acme', settings: { tax_lable: 'VAT' } })).toMatchObject({
        status: 422,
        code: 'unsupported_field',
        param: 'settings.tax_lable',
      });
    });

    it.each(['toString', 'hasOwnProperty', 'constructor'])(
      'refuses the inherited name %s as a setting',
      (key) => {
        expect(open({ name: 'Acme', settings: { [key]: 1 } })).toMatchObject({
          code: 'unsupported_field',
          param: `settings.${key}`,
        });
      },
    );

    it('refuses settings that are not an object', () => {
      expect(open({ name: 'Acme', settings: [] })).toMatchObject({ param: 'settings' });
      expect(open({ name: 'Acme', settings: null })).toMatchObject({ param: 'settings' });
    });

    it('refuses to open an account twice', () => {
      expect(
        account.given(opened).when({ type: 'OpenAccount', id: ID, input: { name: 'Acme' } }, { now: NOW }),
      ).toMatchObject({ status: 409, code: 'resource_already_exists' });
    });
  });

  describe('updating', () => {
    it('renames', () => {
      expect(update({ name: 'Acme Ltd' })).toEqual([
        { type: 'AccountRenamed', data: { name: 'Acme Ltd', updated_at: LATER } },
      ]);
    });

    it('changes the time zone', () => {
      expect(update({ timezone: 'America/New_York' })).toEqual([
        { type: 'AccountTimezoneChanged', data: { timezone: 'America/New_York', updated_at: LATER } },
      ]);
    });

    it('records only the settings that change, and later reads merge them', () => {
      const events = update({
        settings: { tax_label: 'Tax', tax_2_label: 'PST', packing_lists_enabled: false },
      });
      expect(events).toEqual([
        {
          type: 'AccountSettingsChanged',
          data: { settings: { tax_2_label: 'PST', packing_lists_enabled: false }, updated_at: LATER },
        },
      ]);
      const state = stateAfter(folding, [opened, ...(events as AccountEvent[])]);
      expect(state.status === 'live' && state.record.settings).toEqual({
        ...DEFAULT_ACCOUNT_SETTINGS,
        tax_2_label: 'PST',
        packing_lists_enabled: false,
      });
    });

    it('appends nothing when nothing changes', () => {
      expect(update({ name: 'Acme', timezone: 'utc', settings: { tax_label: 'Tax' } })).toEqual([]);
      expect(update({})).toEqual([]);
    });

    it('refuses invalid values as on opening', () => {
      expect(update({ name: '' })).toMatchObject({ param: 'name' });
      expect(update({ timezone: 'Nowhere' })).toMatchObject({ param: 'timezone' });
      expect(update({ settings: { record_limit: 'many' } })).toMatchObject({
        param: 'settings.record_limit',
      });
    });

    it('answers 404 for an account that was never opened', () => {
      expect(
        account.given().when({ type: 'UpdateAccount', input: { name: 'X' } }, { now: LATER }),
      ).toMatchObject(missing);
    });
  });

  describe('view', () => {
    it('is the operator API shape', () => {
      const record = liveRecordAfter(folding, [
        opened,
        { type: 'AccountRenamed', data: { name: 'Acme Ltd', updated_at: LATER } },
      ]);
      expect(accountView(record)).toStrictEqual({
        id: ID,
        object: 'account',
        name: 'Acme Ltd',
        timezone: 'UTC',
        settings: DEFAULT_ACCOUNT_SETTINGS,
        created_at: NOW,
      });
    });
  });
});
