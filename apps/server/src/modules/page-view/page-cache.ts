/**
 * Rendered pages of open readings, in memory (decision 049): a reader scrolling back gets the page
 * already made for them. Keyed by reading, page and width, so one reader's stamped page is never
 * another's. Bounded by bytes (least recently used goes first) and by time: a page not asked for in
 * ten minutes goes, and an empty cache holds nothing at rest. Only an optimisation: another instance,
 * or this one after a restart, renders the page again from the same reading.
 */
export class PageCache {
  private readonly entries = new Map<string, { png: Buffer; at: number }>();
  /** Pages being made now, so a request for one waits for that render rather than starting another. */
  readonly running = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly maxBytes = 24 * 1024 * 1024,
    private readonly ttlMs = 10 * 60_000,
    private readonly now = () => Date.now(),
  ) {}

  get size() {
    return this.bytes;
  }

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at > this.ttlMs) {
      this.bytes -= entry.png.length;
      return undefined;
    }
    entry.at = this.now();
    this.entries.set(key, entry);
    return entry.png;
  }

  set(key: string, png: Buffer) {
    if (png.length > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, { png, at: this.now() });
    this.bytes += png.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.png.length;
    }
    this.sweepLater();
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
    if (this.sweeper) clearTimeout(this.sweeper);
    this.sweeper = null;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.png.length;
  }

  /** Drops the pages past their time, once a minute while any are kept. */
  private sweepLater() {
    if (this.sweeper) return;
    this.sweeper = setTimeout(() => {
      this.sweeper = null;
      const now = this.now();
      for (const [key, entry] of this.entries) {
        if (now - entry.at > this.ttlMs) this.delete(key);
      }
      if (this.entries.size > 0) this.sweepLater();
    }, 60_000);
    this.sweeper.unref();
  }
}
