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
 * nothing: the fault of a process that stops between two appends of a cross-record step. An atomic
 * append to several streams crashes whole if it reaches one such stream. Reads, other appends and
 * subscriptions are the real store's.
 */
export function crashingAppends(store: EventStore, crashAt: (streamId: string) => boolean): EventStore {
  return {
    readStream: (streamId, options) => store.readStream(streamId, options),
    readLastEvent: (streamId) => store.readLastEvent(streamId),
    appendToStream: async (streamId, events, options) => {
      if (crashAt(streamId)) throw new InjectedCrash(streamId);
      return store.appendToStream(streamId, events, options);
    },
    appendToStreams: async (appends) => {
      const crashed = appends.find((a) => crashAt(a.streamId));
      if (crashed) throw new InjectedCrash(crashed.streamId);
      return store.appendToStreams(appends);
    },
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/** A store whose chosen appends never return, and the promise of the first such append reached. */
export interface FrozenAppends {
  store: EventStore;
  /** Resolves with the stream id once an append to a chosen stream has reached its freeze. */
  frozen: Promise<string>;
}

/**
 * `store`, except that an append to a stream `freezeAt` picks never returns: `before` writes nothing,
 * `after` writes the events first. The fault of a process that stops (kill -9, a lost machine)
 * before its append, or between its append and whatever it meant to do next.
 */
export function freezingAppends(
  store: EventStore,
  freezeAt: (streamId: string) => boolean,
  when: 'before' | 'after',
): FrozenAppends {
  let reached!: (streamId: string) => void;
  const frozen = new Promise<string>((resolve) => (reached = resolve));
  return {
    frozen,
    store: {
      readStream: (streamId, options) => store.readStream(streamId, options),
      readLastEvent: (streamId) => store.readLastEvent(streamId),
      appendToStream: async (streamId, events, options) => {
        if (!freezeAt(streamId)) return store.appendToStream(streamId, events, options);
        if (when === 'after') await store.appendToStream(streamId, events, options);
        reached(streamId);
        return new Promise<never>(() => undefined);
      },
      appendToStreams: async (appends) => {
        const frozenAt = appends.find((a) => freezeAt(a.streamId));
        if (!frozenAt) return store.appendToStreams(appends);
        if (when === 'after') await store.appendToStreams(appends);
        reached(frozenAt.streamId);
        return new Promise<never>(() => undefined);
      },
      readAll: (options) => store.readAll(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    },
  };
}

/** `store`, except that an append to a stream `failAt` picks is written, then fails as a dropped connection would. */
export function failingAfterAppends(store: EventStore, failAt: (streamId: string) => boolean): EventStore {
  return {
    ...crashingAppends(store, () => false),
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(streamId, events, options);
      if (failAt(streamId)) throw new Error(`Connection lost after appending to ${streamId}`);
      return result;
    },
    appendToStreams: async (appends) => {
      const results = await store.appendToStreams(appends);
      const failed = appends.find((a) => failAt(a.streamId));
      if (failed) throw new Error(`Connection lost after appending to ${failed.streamId} and others`);
      return results;
    },
  };
}
