import { decidedRevisionOf, giveBackKey, isGiveBackKey, oppositeChanges } from './movement';

describe('a transfer movement key', () => {
  const key = '0b6f6a3e-7c1d-4a51-9d6e-1f2a3b4c5d6e:send@4:9a8b7c6d-1111-4222-8333-444455556666';

  it('names the transfer revision its step was decided on', () => {
    expect(decidedRevisionOf(key)).toBe(4);
    expect(decidedRevisionOf(key.replace('send@4', 'delete@12'))).toBe(12);
  });

  it('names none for a give-back or another shape', () => {
    expect(decidedRevisionOf(giveBackKey(key))).toBeUndefined();
    expect(decidedRevisionOf('adjustment')).toBeUndefined();
  });

  it('is given back under one key, whoever gives it back, with every change negated', () => {
    expect(giveBackKey(key)).toBe(`${key}:undo`);
    expect([isGiveBackKey(key), isGiveBackKey(giveBackKey(key))]).toEqual([false, true]);
    expect(
      oppositeChanges([
        { location_id: 'a', quantity: '-3', param: 'lines.0.quantity' },
        { location_id: 'b', quantity: '1.5', param: 'lines.1.quantity' },
      ]),
    ).toEqual([
      { location_id: 'a', quantity: '3', param: 'lines.0.quantity' },
      { location_id: 'b', quantity: '-1.5', param: 'lines.1.quantity' },
    ]);
  });
});
