import { extrasOfRow } from './item-json';

describe("a list row's stock at its location", () => {
  const LOCATION = '00000000-0000-4000-8000-0000000000b1';
  const inventory = (onHand: unknown, reserved: unknown) =>
    extrasOfRow(
      { location_on_hand: onHand, location_reserved: reserved, location_threshold: 0 },
      { photos: false, locationId: LOCATION },
    ).location_inventory;

  it.each([
    ['whole quantities', '936', '18', [936, 18, 918]],
    ['whole quantities written with decimals', '936.0000', '18.0000', [936, 18, 918]],
    ['none', null, null, [0, 0, 0]],
    ['more reserved than on hand', '2', '5', [2, 5, -3]],
    ['fractions, exactly (not 0.19999999999999998)', '0.3', '0.1', [0.3, 0.1, 0.2]],
    ['a fraction and a whole quantity', '1.5', '1', [1.5, 1, 0.5]],
    ['past the safe integers', '9007199254740993', '1', [9007199254740992, 1, 9007199254740992]],
  ])('given %s, then quantity, reserved and available are its numbers', (_, onHand, reserved, expected) => {
    const stock = inventory(onHand, reserved)!;
    expect([stock.quantity, stock.quantity_reserved, stock.quantity_available]).toEqual(expected);
  });
});
