import { Inject, Injectable } from '@nestjs/common';
import { AppendResult, EventStore, Position, RecordedEvent, StreamNotFoundError } from '@app/event-store';
import { CompletedSteps, Reactor, runReactorStep } from '@app/read-models';
import { ReadYourWrites } from '../store/read-your-writes';
import { EVENT_STORE } from '../store/tokens';

/**
 * A request that recorded a cross-record decision completes the later step itself, for its answer,
 * exactly as the reactor will: same event ids, same expectations, so whichever runs first wins and
 * the other changes nothing. If the request dies first, the reactor still does it.
 */
@Injectable()
export class ReactorSteps {
  /** `store` is the process's StateKeepingStore: a step's appends make the writer forget those streams. */
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly completed: CompletedSteps,
  ) {}

  /**
   * Runs `reactor`'s step for the event at `revision` of `streamId`; answers once the read models
   * have it, and `recorded` (the trigger's own write, when its wait was left to this one) even if
   * the step found nothing left to do.
   */
  async runNow(
    reactor: Reactor,
    streamId: string,
    revision: number,
    recorded?: Position,
  ): Promise<AppendResult[]> {
    const appended = await this.completed.run(reactor.name, streamId, revision, async () => {
      const [trigger] = await this.store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
      if (!trigger || !reactor.handles.includes(trigger.type))
        throw new Error(`${streamId}@${revision} is not an event ${reactor.name} reacts to`);
      return runReactorStep(reactor, trigger, this.store);
    });
    // The step's appends come after the trigger in the log: waiting for them waits for both.
    await this.readYourWrites.after(appended.at(-1)?.position ?? recorded);
    return appended;
  }

  /**
   * Runs `reactor`'s step for the last event of `streamId` it reacts to, if any (a repeat changes
   * nothing): for a decision that must be complete before the record takes another. Reads the
   * whole stream: for rare paths. False when the stream holds no such event.
   */
  async completeLast(reactor: Reactor, streamId: string): Promise<boolean> {
    const events = await this.store.readStream(streamId).catch((error: unknown): RecordedEvent[] => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    const trigger = [...events].reverse().find((e) => reactor.handles.includes(e.type));
    if (!trigger) return false;
    const appended = await this.completed.run(reactor.name, streamId, trigger.revision, () =>
      runReactorStep(reactor, trigger, this.store),
    );
    await this.readYourWrites.after(appended.at(-1)?.position);
    return true;
  }
}
