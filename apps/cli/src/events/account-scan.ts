import { Position, RecordedEvent } from '@app/event-store';
import { estimateLag } from '@app/read-models';
import { AccountLogRange, inAccountRange, logEvents } from '@app/runtime';
import { Presets, SingleBar } from 'cli-progress';
import { EventStore } from '@app/event-store';

/**
 * The account's events in the range, in log order, through `through` (the export's head), read
 * from the store's global log itself; a bar on `progress` counts the log events read (every
 * account's: the store has no index by account) of the head's estimate.
 */
export async function* scanAccount(
  store: EventStore,
  range: AccountLogRange,
  through: Position | undefined,
  progress: NodeJS.WritableStream,
): AsyncGenerator<RecordedEvent> {
  if (!through) return; // an empty log
  const bar = new SingleBar(
    {
      format: 'events [{bar}] {percentage}% | {value}/{total} log events read | {eta_formatted} left',
      stream: progress as NodeJS.WriteStream,
      noTTYOutput: true, // piped, a line every few seconds
      hideCursor: true,
      etaBuffer: 50,
    },
    Presets.shades_classic,
  );
  bar.start(estimateLag(through, 'start'), 0);
  try {
    for await (const event of logEvents(store, 'start', through)) {
      bar.increment();
      if (inAccountRange(event, range)) yield event;
    }
    bar.update(bar.getTotal());
  } finally {
    bar.stop();
  }
}
