import { EventValues, toRecordedEvent, toRecordedEvents } from './rows';

const row = (transaction: string, position: string): EventValues => [
  position,
  transaction,
  `s-${position}`,
  Number(position),
  `e-${position}`,
  'Happened',
  { n: position },
  {},
  '1765000000123',
];

describe('toRecordedEvents', () => {
  it('gives each event of a page its own transaction, when transactions follow and come back', () => {
    const rows = [
      row('900', '1'),
      row('900', '2'),
      row('901', '3'),
      row('9007199254740993', '4'),
      row('900', '5'),
    ];

    const events = toRecordedEvents(rows);

    expect(events.map((e) => e.position)).toEqual([
      { commit: 900n, prepare: 1n },
      { commit: 900n, prepare: 2n },
      { commit: 901n, prepare: 3n },
      { commit: 9007199254740993n, prepare: 4n },
      { commit: 900n, prepare: 5n },
    ]);
    expect(events).toEqual(rows.map((r) => toRecordedEvent(r)));
  });
});
