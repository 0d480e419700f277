/**
 * The last few non-empty pages of the global log that subscribers read, by the place each starts
 * after. Projectors run at different paces: the ones that ignore a batch read the next page while
 * another is still committing, and the latter, coming to the same place later, takes their page
 * instead of reading it again (SingleFlight only joins reads still in flight). A non-empty page
 * stays a right answer for its place: the log only grows, and nothing ever commits in front of
 * events already handed out, so a later read could only add events after its last (a page carries
 * the signal's version when it was read, so a reader that takes it later still reads again after
 * any change since). Empty pages are never kept: "nothing yet" must be asked again.
 */
export class RecentPages<T extends { events: unknown[] }> {
  private readonly pages = new Map<string, T>();

  constructor(private readonly capacity = 8) {}

  get(key: string): T | undefined {
    return this.pages.get(key);
  }

  keep(key: string, page: T): void {
    if (page.events.length === 0) return;
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value!);
  }
}
