import { LoadedAggregate } from '@app/event-store/aggregate';

/**
 * The state of the streams this process wrote or read last, each at the revision it was at: the
 * next command on such a stream decides on it without reading the stream again. Never trusted
 * alone: the command's append expects that revision, so a write made since (by another process, a
 * test's direct append; reactor steps here make the writer forget the stream) fails it, and the
 * stream is caught up from there and decided again; a refusal on it stands once a read from its
 * revision finds nothing after it (AggregateRepository.execute's `from`). Bounded by count, least
 * recently used first out: a document's state can hold hundreds of lines.
 */
export class RecentStates {
  private readonly states = new Map<string, LoadedAggregate<unknown>>();

  constructor(private readonly kept = 1_000) {}

  get<S>(streamId: string): LoadedAggregate<S> | undefined {
    const state = this.states.get(streamId);
    if (!state) return undefined;
    this.states.delete(streamId);
    this.states.set(streamId, state);
    return state as LoadedAggregate<S>;
  }

  /** The state a write of this process left (it appended at that revision). */
  wrote(streamId: string, loaded: LoadedAggregate<unknown>): void {
    this.keep(streamId, loaded);
  }

  /** The state a read found, unless a later one is kept (a read finishing after a write). */
  read(streamId: string, loaded: LoadedAggregate<unknown>): void {
    const kept = this.states.get(streamId);
    if (!loaded.exists || (kept && kept.revision > loaded.revision)) return;
    this.keep(streamId, loaded);
  }

  private keep(streamId: string, loaded: LoadedAggregate<unknown>): void {
    this.states.delete(streamId);
    this.states.set(streamId, loaded);
    if (this.states.size > this.kept) this.states.delete(this.states.keys().next().value!);
  }

  forget(streamId: string): void {
    this.states.delete(streamId);
  }
}
