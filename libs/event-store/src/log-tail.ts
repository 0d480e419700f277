import { CatchUpPage } from './catch-up-subscription';
import { ReadAllOptions, RecordedEvent } from './event-store';
import { comparePositions, formatPosition, isAfter, Position } from './position';
import { SingleFlight } from './single-flight';

/** A page as the store reads it, with what its subscribers need to know. */
export type TailRead = CatchUpPage & { heldBack: boolean };

/** What the buffer was told by the read that brought its end. */
type EndRead = Omit<TailRead, 'events'>;

/**
 * The last stretch of the global log, held in memory for every subscriber of this process. A
 * server runs some twenty projector and reactor loops; each used to read the events after its
 * own checkpoint, so every event was fetched and parsed about twenty times, at twenty slightly
 * different places (batches end wherever the log stood when each loop read). Here a loop whose
 * place lies inside the stretch takes its page from memory; loops at its end share one read
 * that lengthens it; only a loop far behind reads the database for itself.
 *
 * The stretch is contiguous: it holds every event of the log after `start` up to `end`. A page
 * read after a place is the log's next events from there (the store hands out only events of
 * finished transactions, so nothing later commits in front of them), hence joining a page that
 * begins inside the stretch keeps it contiguous.
 */
export class LogTail {
  private events: RecordedEvent[] = [];
  private start: Position | 'start' | undefined;
  private endRead: EndRead | undefined;
  private readonly reads = new SingleFlight<TailRead>();
  /** A read of what follows the end is under way (refresh), and whether another is due after it. */
  private refreshing = false;
  private refreshAgain = false;

  constructor(
    private readonly readPage: (options: ReadAllOptions) => Promise<TailRead>,
    /** Events kept; a loop further behind than this reads for itself. */
    private readonly capacity = 2048,
    /** Events read at once to lengthen the stretch. */
    private readonly readSize = 1000,
  ) {}

  /** The next events after `after`, at most `maxCount`, from memory when they are there. */
  async page({ after, maxCount }: ReadAllOptions): Promise<TailRead> {
    const held = this.slice(after, maxCount);
    if (held) return held;
    // A loop behind the stretch reads for itself; any other read lengthens or starts the stretch,
    // and reads at one place are one read (whatever each asked for at most).
    const behind = this.isBehind(after);
    const size = behind ? maxCount : Math.max(maxCount, this.readSize);
    const key = `${after === 'start' ? 'start' : formatPosition(after)}${behind ? `/${size}` : ''}`;
    const read = await this.reads.run(key, async () => {
      const page = await this.readPage({ after, maxCount: size });
      this.join(after, page);
      return page;
    });
    return limited(read, maxCount);
  }

  /**
   * The log may have grown (the store's change signal): lengthens the stretch now, before any loop
   * asks. Loops busy with a batch then find the new events in memory when they are done, instead
   * of reading them only then; those waiting at the end join this read.
   */
  refresh(): void {
    if (this.start === undefined) return; // nobody reads yet
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    this.page({ after: this.end, maxCount: this.readSize })
      .catch(() => undefined) // a loop that asks meets the fault itself
      .finally(() => {
        this.refreshing = false;
        if (!this.refreshAgain) return;
        this.refreshAgain = false;
        this.refresh();
      });
  }

  private get end(): Position | 'start' {
    return this.events.length > 0 ? this.events[this.events.length - 1].position : this.start!;
  }

  /** Events after `after` from memory; undefined when `after` is the end or outside the stretch. */
  private slice(after: Position | 'start', maxCount: number): TailRead | undefined {
    if (this.start === undefined || this.events.length === 0) return undefined;
    if (!this.contains(after)) return undefined;
    const from = after === 'start' ? 0 : this.indexAfter(after);
    if (from >= this.events.length) return undefined; // at the end (or beyond): a read is due
    const events = this.events.slice(from, from + maxCount);
    if (from + events.length < this.events.length) return { events, asOf: 0, atHead: false, heldBack: false };
    return { events, ...this.endRead! };
  }

  /** The index of the first held event after `after` (binary search: positions ascend). */
  private indexAfter(after: Position): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(this.events[middle].position, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Takes a page read after `after` into the stretch: it lengthens the stretch when it begins
   * inside it, replaces it when it begins elsewhere and reaches further, else changes nothing.
   */
  private join(after: Position | 'start', page: TailRead): void {
    const { events, ...read } = page;
    const inside = this.start !== undefined && this.contains(after);
    const last = events.length > 0 ? events[events.length - 1].position : after;
    if (inside) {
      const end = this.end;
      if (end !== 'start' && last !== 'start' && !isAfter(last, end)) {
        if (samePlace(last, end) && read.asOf >= (this.endRead?.asOf ?? 0)) this.endRead = read;
        return;
      }
      this.events.push(...events.filter((e) => end === 'start' || isAfter(e.position, end)));
    } else if (this.start === undefined || isFurther(last, this.end)) {
      this.start = after;
      this.events = [...events];
    } else {
      return;
    }
    this.endRead = read;
    this.trim();
  }

  private isBehind(place: Position | 'start'): boolean {
    return this.start !== undefined && this.start !== 'start' && !isFurther(place, this.start);
  }

  private contains(place: Position | 'start'): boolean {
    const end = this.end;
    if (place === 'start') return this.start === 'start';
    return (
      (this.start === 'start' || !isAfter(this.start!, place)) && (end === 'start' || !isAfter(place, end))
    );
  }

  private trim(): void {
    const excess = this.events.length - this.capacity;
    if (excess <= 0) return;
    this.start = this.events[excess - 1].position;
    this.events = this.events.slice(excess);
  }
}

function limited(read: TailRead, maxCount: number): TailRead {
  if (read.events.length <= maxCount) return read;
  return { ...read, events: read.events.slice(0, maxCount), atHead: false, heldBack: false };
}

function samePlace(a: Position | 'start', b: Position | 'start'): boolean {
  return a === 'start' || b === 'start' ? a === b : comparePositions(a, b) === 0;
}

function isFurther(a: Position | 'start', b: Position | 'start'): boolean {
  return a !== 'start' && isAfter(a, b);
}
