import { stepEventId } from './step-event-id';

describe('stepEventId', () => {
  const trigger = '0b6d2f4e-3c1a-4e8b-9f7d-5a2c8e1b4d60';

  it('is a UUID v5, the same for the same trigger, step and index', () => {
    const id = stepEventId(trigger, 'create-invoice', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stepEventId(trigger, 'create-invoice', 0)).toBe(id);
  });

  it('differs by trigger, by step and by index', () => {
    const ids = new Set([
      stepEventId(trigger, 'create-invoice', 0),
      stepEventId(trigger, 'create-invoice', 1),
      stepEventId(trigger, 'convert-prospect', 0),
      stepEventId('7e0c1d9a-2b4f-4c6e-8a1d-3f5b7c9e0a12', 'create-invoice', 0),
    ]);
    expect(ids.size).toBe(4);
  });
});
