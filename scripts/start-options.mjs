// How `npm start` runs the server (scripts/start.mjs), in one place: bench/memory measures the server
// with exactly these, so its figures are npm start's (issue 31 item 3, docs/decisions/075).

/**
 * Node's options.
 * - Not `--enable-source-maps`: it reads and keeps every module's source map as it loads (about
 *   16 MB at rest); the server maps its stack traces to our TypeScript itself, reading a map only when
 *   a stack trace is printed (apps/server/src/stack-traces.ts). Given here, Node maps them as before.
 * - `--v8-pool-size=1`: one V8 worker thread instead of four. Each worker compiles (JavaScript and
 *   PostgreSQL's WebAssembly) and marks in C memory of its own (a glibc arena per thread), and glibc
 *   keeps what a thread has freed: at rest after a start the four workers' arenas held 58–101 MB of
 *   which a few MB were in use; one worker's arena holds 25–33 MB. Measured in decision 075: RSS at
 *   60 s 280 → 239 MB (median of 3), at no measurable cost in CPU per request on 2 cores. npm start
 *   is the one-process demo on the embedded database; a deployment that starts
 *   `apps/server/dist/main.js` itself chooses its own options.
 */
export const serverNodeOptions = ['--v8-pool-size=1'];

/**
 * glibc's allocator raises its trim and mmap thresholds (up to 64 and 32 MB) as a process frees large
 * blocks, and then keeps much of what V8's worker threads freed after start-up. Fixed thresholds
 * return more of it: 15–30 MB less at rest (issue 12 item 8, docs/decisions/028-memory-at-rest.md).
 * The mmap threshold is 32 KB (decision 084): V8's optimising compiler takes its working memory in
 * zone segments of 32 KB and more, and compiling PostgreSQL's hot WebAssembly functions left the V8
 * worker's arena at 20–33 MB, almost all of it free; from mmap, each segment goes back to the system
 * when freed (the arena stays at about 3 MB). Other C libraries ignore the variables; values the
 * caller sets win.
 */
export const serverAllocatorEnv = {
  MALLOC_TRIM_THRESHOLD_: String(8 << 20),
  MALLOC_MMAP_THRESHOLD_: String(32 << 10),
};
