import { EventStore } from '@app/event-store';

/** Thrown where a test made the process "die": nothing of that append was written. */
export class InjectedCrash extends Error {
  constructor(readonly streamId: string) {
    super(`Injected crash before appending to ${streamId}`);
    this.name = 'InjectedCrash';
  }
}

/**
 * `store`, except that an append to a stream `crashAt` picks throws InjectedCrash and writes
 * nothing: the fault of a process that stops between two appends of a cross-record step. Reads,
 * other appends and subscriptions are the real store's.
 */
export function crashingAppends(store: EventStore, crashAt: (streamId: string) => boolean): EventStore {
  return {
    readStream: (streamId, options) => store.readStream(streamId, options),
    readLastEvent: (streamId) => store.readLastEvent(streamId),
    appendToStream: async (streamId, events, options) => {
      if (crashAt(streamId)) throw new InjectedCrash(streamId);
      return store.appendToStream(streamId, events, options);
    },
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
