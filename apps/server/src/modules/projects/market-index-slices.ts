// Work on the whole market, done a slice at a time: a build of the search index (market-index-
// state.ts) handles 100,000 listings, and no step of it may hold the event loop for long (decision
// 031: under 100 ms, with every other request still answered meanwhile).

/** Longest a slice runs before it lets the event loop turn. */
const SLICE_MS = 8;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock that says when the current slice is spent, and waits for the next turn if so. */
export function slicer() {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < SLICE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}

/** Listings sorted at once, in one slice; the runs are then merged a slice at a time. */
const RUN = 1_024;

/** `items` sorted by `compare` (a merge sort: stable), a slice at a time. */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
  const pause = slicer();
  let from = items.slice();
  for (let at = 0; at < from.length; at += RUN) {
    const run = from.slice(at, at + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[at + i] = run[i]!;
    await pause();
  }
  let to = new Array<T>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if ((k & 4_095) === 0) await pause();
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
    await pause();
  }
  return from;
}
