import {
  AllSubscription,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeToAllOptions,
} from '@app/event-store';
import { RecentStates } from './recent-states';

/**
 * The event store as one process's commands use it: beside the store, the state of the streams this
 * process last wrote or read (`states`: the record writer decides on them without a read), and a
 * stream's state forgotten whenever anything of this process appends to it through here (a process
 * step, an atomic append). A command then never decides twice on a state its own process already
 * moved; appends of other processes are caught by the append's expected revision (RecentStates).
 */
export class StateKeepingStore implements EventStore {
  readonly states: RecentStates;

  constructor(
    private readonly inner: EventStore,
    kept?: number,
  ) {
    this.states = new RecentStates(kept);
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    try {
      return await this.inner.appendToStream(streamId, events, options);
    } finally {
      this.states.forget(streamId);
    }
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    try {
      return await this.inner.appendToStreams(appends);
    } finally {
      for (const { streamId } of appends) this.states.forget(streamId);
    }
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readLastEvent(streamId: string): Promise<RecordedEvent | undefined> {
    return this.inner.readLastEvent(streamId);
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    return this.inner.subscribeToAll(options);
  }

  headPosition(): Promise<Position | undefined> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
