import { ACCOUNT_ID, LATER, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, scenario } from '../testing/scenario';
import { VariationAttributeCommand } from './commands';
import { decideVariationAttribute, VariationAttributeContext } from './decide';
import { VariationAttributeEvent } from './events';
import { evolveVariationAttribute, initialVariationAttributeState } from './evolve';
import { variationAttributeAggregate } from './variation-attribute';
import { variationAttributeView } from './view';
import { conflictOf } from '../testing/errors';

const folding = { initialState: initialVariationAttributeState, evolve: evolveVariationAttribute };
const attribute = scenario(folding, decideVariationAttribute);

const RED = 'a0000000-0000-4000-8000-000000000001';
const BLUE = 'a0000000-0000-4000-8000-000000000002';
const GREEN = 'a0000000-0000-4000-8000-000000000003';
const FRESH = ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002'];

const context = (over: Partial<VariationAttributeContext> = {}): VariationAttributeContext => ({
  now: LATER,
  accountId: ACCOUNT_ID,
  otherNames: [],
  valuesInUse: [],
  ...over,
});

const created: VariationAttributeEvent = {
  type: 'VariationAttributeCreated',
  data: {
    id: RECORD_ID,
    account_id: ACCOUNT_ID,
    name: 'Color',
    display_name: 'Colour',
    values: [
      { id: RED, value: 'Red' },
      { id: BLUE, value: 'Blue' },
    ],
    created_at: NOW,
  },
};

const create = (input: object, over: Partial<VariationAttributeContext> = {}) =>
  attribute
    .given()
    .when(
      { type: 'CreateVariationAttribute', id: RECORD_ID, input, new_value_ids: [RED, BLUE, GREEN] },
      context({ now: NOW, ...over }),
    );
const update = (input: object, over: Partial<VariationAttributeContext> = {}) =>
  attribute
    .given(created)
    .when(
      { type: 'UpdateVariationAttribute', input, new_value_ids: FRESH } as VariationAttributeCommand,
      context(over),
    );

describe('Variation attribute', () => {
  it('streams as variationAttribute-<id>', () => {
    expect(variationAttributeAggregate.streamPrefix).toBe('variationAttribute');
  });

  describe('creation', () => {
    it('creates with a name and its values, each given a fresh id in order', () => {
      expect(create({ name: 'Color', display_name: 'Colour', values: ['Red', 'Blue'] })).toEqual([created]);
    });

    it('shows the name when no display name is given, and trims names and values', () => {
      expect(create({ name: ' Size ', values: [' S ', { value: 'M' }] })).toMatchObject([
        {
          data: {
            name: 'Size',
            display_name: 'Size',
            values: [
              { id: RED, value: 'S' },
              { id: BLUE, value: 'M' },
            ],
          },
        },
      ]);
      expect(create({ name: 'Size', display_name: '', values: [] })).toMatchObject([
        { data: { display_name: 'Size', values: [] } },
      ]);
    });

    it.each([
      [{ values: ['Red'] }, 'name'],
      [{ name: '', values: ['Red'] }, 'name'],
      [{ name: 'x'.repeat(256), values: [] }, 'name'],
      [{ name: 'Color' }, 'values'],
      [{ name: 'Color', values: 'Red' }, 'values'],
      [{ name: 'Color', values: ['Red', ''] }, 'values.1'],
      [{ name: 'Color', values: [7] }, 'values.0'],
      [{ name: 'Color', values: [{ value: 'Red', colour: 'x' }] }, 'values.0.colour'],
      [{ name: 'Color', values: [{ id: RED, value: 'Red' }] }, 'values.0.id'],
      [{ name: 'Color', values: ['Red', ' red '] }, 'values.1'],
      [{ name: 'Color', display_name: 3, values: [] }, 'display_name'],
      [{ name: 'Color', values: Array.from({ length: 201 }, (_, i) => `v${i}`) }, 'values'],
    ])('refuses %p naming %s', (input, param) => {
      expect(create(input)).toMatchObject({ status: 422, code: 'validation_failed', param });
    });

    it('refuses a name another attribute of the account has, whatever its case', () => {
      expect(create({ name: 'color', values: [] }, { otherNames: ['Color '] })).toMatchObject({
        status: 409,
        code: 'duplicate_variation_attribute',
      });
    });

    it('refuses to create the same attribute twice', () => {
      expect(
        attribute.given(created).when(
          {
            type: 'CreateVariationAttribute',
            id: RECORD_ID,
            input: { name: 'X', values: [] },
            new_value_ids: [],
          },
          context(),
        ),
      ).toMatchObject({ status: 409 });
    });
  });

  describe('changes', () => {
    it('keeps values given with their id, renames them, adds values without an id', () => {
      expect(update({ values: [{ id: BLUE, value: 'Navy' }, { id: RED, value: 'Red' }, 'Green'] })).toEqual([
        {
          type: 'VariationAttributeUpdated',
          data: {
            changes: {
              values: [
                { id: BLUE, value: 'Navy' },
                { id: RED, value: 'Red' },
                { id: FRESH[0], value: 'Green' },
              ],
            },
            updated_at: LATER,
          },
        },
      ]);
    });

    it('removes the values left out when no variation uses them', () => {
      expect(update({ values: [{ id: RED, value: 'Red' }] }, { valuesInUse: [GREEN] })).toMatchObject([
        { data: { changes: { values: [{ id: RED, value: 'Red' }] } } },
      ]);
    });

    it('refuses with 409 to remove a value a variation uses', () => {
      expect(update({ values: [{ id: RED, value: 'Red' }] }, { valuesInUse: [BLUE] })).toMatchObject(
        conflictOf('variation_attribute_value_in_use'),
      );
    });

    it('may rename a value a variation uses', () => {
      expect(
        update(
          {
            values: [
              { id: RED, value: 'Crimson' },
              { id: BLUE, value: 'Blue' },
            ],
          },
          { valuesInUse: [RED, BLUE] },
        ),
      ).toHaveLength(1);
    });

    it('treats removing values without knowing those in use as a handler bug', () => {
      expect(() => update({ values: [] }, { valuesInUse: undefined })).toThrow(TypeError);
    });

    it('renames the attribute, leaving its display name, and resets a blank display name to the name', () => {
      expect(update({ name: 'Shade' })).toMatchObject([{ data: { changes: { name: 'Shade' } } }]);
      expect(update({ name: 'Shade', display_name: null })).toMatchObject([
        { data: { changes: { name: 'Shade', display_name: 'Shade' } } },
      ]);
      expect(update({ display_name: '' })).toMatchObject([{ data: { changes: { display_name: 'Color' } } }]);
    });

    it('appends nothing when nothing changes', () => {
      expect(update({})).toEqual([]);
      expect(
        update({
          name: 'Color',
          display_name: 'Colour',
          values: [
            { id: RED, value: 'Red' },
            { id: BLUE, value: 'Blue' },
          ],
        }),
      ).toEqual([]);
    });

    it.each([
      [{ values: [{ id: GREEN, value: 'Green' }] }, 'values.0.id'],
      [
        {
          values: [
            { id: RED, value: 'Red' },
            { id: RED, value: 'Rouge' },
          ],
        },
        'values.1.id',
      ],
      [{ values: [{ id: RED, value: 'Red' }, 'RED'] }, 'values.1'],
      [{ values: [{ id: 5, value: 'Red' }] }, 'values.0.id'],
      [{ name: null }, 'name'],
    ])('refuses %p naming %s', (input, param) => {
      expect(update(input)).toMatchObject({ status: 422, param });
    });

    it('refuses a name another attribute has', () => {
      expect(update({ name: 'SIZE' }, { otherNames: ['Size'] })).toMatchObject({
        status: 409,
        code: 'duplicate_variation_attribute',
      });
    });

    it("answers 404 for another account's attribute or none", () => {
      expect(update({ name: 'X' }, { accountId: OTHER_ACCOUNT_ID })).toMatchObject({
        status: 404,
        code: 'resource_missing',
      });
      expect(
        attribute.given().when({ type: 'UpdateVariationAttribute', input: {}, new_value_ids: [] }, context()),
      ).toMatchObject({ status: 404 });
    });
  });

  describe('view', () => {
    it('shows the attribute with its ordered values and follows changes', () => {
      const renamed: VariationAttributeEvent = {
        type: 'VariationAttributeUpdated',
        data: { changes: { values: [{ id: BLUE, value: 'Blue' }] }, updated_at: LATER },
      };
      const record = liveRecordAfter(folding, [created, renamed]);
      expect(variationAttributeView(record)).toStrictEqual({
        id: RECORD_ID,
        object: 'item_variation_attribute',
        name: 'Color',
        display_name: 'Colour',
        values: [{ id: BLUE, value: 'Blue' }],
        created_at: NOW,
        updated_at: LATER,
      });
    });
  });
});
