import { LRUCache } from 'lru-cache';
import type { ChangeTracker } from './change-tracker';
import { inRequestTransaction } from './request-transaction';

export interface ReadCacheOptions<V> {
  /** The tables the cached reads depend on: a write to any of them makes every entry stale. */
  tables: readonly string[];
  /** Entries kept at most (least recently used leave first). */
  max: number;
  /** A safety net: no entry is served older than this, whatever the tracker says. */
  ttlMs: number;
  /** Bounds the entries' total size too, measured by `sizeOf` (e.g. characters of JSON). */
  maxSize?: { total: number; sizeOf: (value: V) => number };
  /** Which loaded values are worth keeping (default: all). */
  keep?: (value: V) => boolean;
}

export interface ReadCache<V> {
  /** The cached value for `key` if no dependency has changed since it was read; else `load()`. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** As `get`, saying whether the value came from the cache (a load shared with another caller is a miss). */
  lookup(key: string, load: () => Promise<V>): Promise<{ value: V; hit: boolean }>;
}

interface Entry<V> {
  value: V;
  stamp: number;
}

/**
 * A read-through cache kept correct by a ChangeTracker (docs/decisions/012-read-caches.md): an
 * entry is stored with the stamp of its tables taken BEFORE it was read, and only if the stamp is
 * still the same after the read, so a write that lands while a read is running can never leave
 * that read's older result behind. Concurrent misses for one key share a single load.
 */
export function createReadCache<V extends {}>(
  tracker: ChangeTracker,
  options: ReadCacheOptions<V>,
): ReadCache<V> {
  const entries = new LRUCache<string, Entry<V>>({
    max: options.max,
    ttl: options.ttlMs,
    ...(options.maxSize && {
      maxSize: options.maxSize.total,
      sizeCalculation: (entry: Entry<V>) => Math.max(1, options.maxSize!.sizeOf(entry.value)),
    }),
  });
  const keep = options.keep ?? (() => true);
  const loading = new Map<string, { stamp: number; promise: Promise<V> }>();
  const cache: ReadCache<V> = {
    get: (key, load) => cache.lookup(key, load).then((found) => found.value),
    lookup(key, load) {
      const stamp = tracker.stamp(options.tables);
      const hit = entries.get(key);
      if (hit && hit.stamp === stamp) return Promise.resolve({ value: hit.value, hit: true });
      // Inside a request transaction (decision 037) a load sees that request's uncommitted writes,
      // and on PGlite holds the only connection: it neither joins nor offers a shared load, and
      // what it reads is not kept.
      if (inRequestTransaction()) return load().then((value) => ({ value, hit: false }));
      const inFlight = loading.get(key);
      if (inFlight && inFlight.stamp === stamp)
        return inFlight.promise.then((value) => ({ value, hit: false }));
      const promise = load().then(
        (value) => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
          if (keep(value) && tracker.stamp(options.tables) === stamp) entries.set(key, { value, stamp });
          return value;
        },
        (error: unknown) => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, { stamp, promise });
      return promise.then((value) => ({ value, hit: false }));
    },
  };
  return cache;
}
