/** What the limit moves within, and the wait it keeps writes under. */
export interface LagDrivenLimitSettings {
  /** The most requests worked on at once, and where the limit starts. */
  max: number;
  /** The fewest it goes down to. */
  min: number;
  /** A write waiting longer than this for its read models cuts the limit; 0: the limit stays at max. */
  lagTargetMs: number;
}

import { QuickestWaits } from './quickest-waits';

/** What a cut keeps of the limit. */
const CUT = 0.75;

/**
 * How many requests the API works on at once, moved by how long writes wait for their read models
 * (additive increase, multiplicative decrease, as TCP does with its window): a wait over the target
 * cuts the limit by a quarter, at most once per target's length (the waits of one slow batch are
 * one signal, not many); `limit` waits within it raise the limit by one. So under a load the
 * projectors keep up with, the limit climbs back to `max`; under more, it settles where writes wait
 * about the target.
 *
 * What a wait is measured against is its time queued: the wait less the quickest recent wait of
 * its kind (`QuickestWaits`, at most the target), as TCP Vegas takes the round trip less its base.
 * A kind whose own read-model rows take longer to write (a 10-line estimate against a customer) is
 * not taken for crowding; each kind gets at most one target more.
 */
export class LagDrivenLimit {
  private value: number;
  private credit = 0;
  private lastCut = -Infinity;
  private readonly quickest: QuickestWaits;

  constructor(
    private readonly settings: LagDrivenLimitSettings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.value = settings.max;
    this.quickest = new QuickestWaits(now);
  }

  get current(): number {
    return this.value;
  }

  /** A write of `kind` waited `waitedMs` for its read models. True when the limit rose. */
  observe(waitedMs: number, kind = ''): boolean {
    const { max, min, lagTargetMs } = this.settings;
    if (lagTargetMs === 0) return false;
    const queuedMs = waitedMs - Math.min(this.quickest.observe(kind, waitedMs), lagTargetMs);
    if (queuedMs > lagTargetMs) {
      this.cut(min, lagTargetMs);
      return false;
    }
    if (this.value >= max) return false;
    this.credit += 1 / this.value;
    if (this.credit < 1) return false;
    this.credit = 0;
    this.value += 1;
    return true;
  }

  private cut(min: number, windowMs: number): void {
    const now = this.now();
    if (now - this.lastCut < windowMs) return;
    this.lastCut = now;
    this.credit = 0;
    this.value = Math.max(min, Math.floor(this.value * CUT));
  }
}
