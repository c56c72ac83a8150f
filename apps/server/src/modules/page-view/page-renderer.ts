import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Renders PDF pages to PNG in a child process (render-worker.mjs; decision 049), so a page's
 * drawing, stamping and encoding never hold the event loop, a hostile PDF harms only that process,
 * and its memory goes back to the system when it exits. It starts with the first page asked for and
 * exits after a minute without one (decision 028: nothing heavy at rest); it keeps the last two
 * documents it opened, so a reader scrolling a document hands it the file once (a temporary copy on
 * disk that it reads itself: the server never holds the whole file, decision 022).
 * At most two pages render at once per server; a page that takes longer than the time limit, or a
 * document that makes the process run out of its memory limit, ends the process (the next page
 * starts a new one) and answers RenderFailedError.
 */

/** A page's size in PDF points, as shown (its /Rotate applied). */
export interface PageSize {
  width: number;
  height: number;
}

/** What is burned into a stamped page: the tiled diagonal line and the footer line. */
export interface PageStamp {
  tile: string;
  footer: string;
}

export interface PageJob {
  /** The stored file's key: what the renderer knows an opened document by. */
  key: string;
  /** From 1. */
  page: number;
  width: number;
  height: number;
  stamp: PageStamp | null;
}

/** The PDF cannot be read, or its page drawn (or drawing it took too long or too much memory). */
export class RenderFailedError extends Error {}
/** The document has fewer pages. */
export class NoSuchPageError extends Error {}

/** A copy of the stored file on disk for the renderer to read, and how to remove it after. */
export interface LoadedFile {
  path: string;
  done(): Promise<void>;
}

export interface PageRenderer {
  /** Every page's size; `load` copies the stored file to disk when the renderer does not hold it. */
  pageSizes(key: string, load: () => Promise<LoadedFile>): Promise<PageSize[]>;
  render(job: PageJob, load: () => Promise<LoadedFile>): Promise<Buffer>;
  close(): Promise<void>;
}

/** The largest image made of one page, in pixels (1600 wide A4 is 3.6 million). */
export const MAX_PAGE_PIXELS = 6_000_000;

/** A page's image size at `width` pixels wide, made smaller for a page so long it would pass the cap. */
export function pixelSizeOf(size: PageSize, width: number): { width: number; height: number } {
  let w = width;
  let h = Math.max(1, Math.round((size.height * width) / size.width));
  if (w * h > MAX_PAGE_PIXELS) {
    const f = Math.sqrt(MAX_PAGE_PIXELS / (w * h));
    w = Math.max(1, Math.floor(w * f));
    h = Math.max(1, Math.floor(h * f));
  }
  return { width: w, height: h };
}

/** The renderer's file: the TypeScript sources run it beside this file; the build names it in dist/. */
function workerPath(): string {
  return fileURLToPath(
    import.meta.url.endsWith('.ts')
      ? new URL('./render-worker.mjs', import.meta.url)
      : new URL('./page-render-worker.js', import.meta.url),
  );
}

interface Answer {
  id: number;
  missing?: true;
  pages?: PageSize[];
  png?: Uint8Array;
  error?: 'unreadable' | 'no_page';
  message?: string;
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export function createPageRenderer(
  options: { idleMs?: number; timeoutMs?: number; concurrency?: number; memoryMb?: number } = {},
): PageRenderer {
  const idleMs = options.idleMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const concurrency = options.concurrency ?? 2;
  let worker: ChildProcess | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | null = null;
  let running = 0;
  const waiting: (() => void)[] = [];
  // Page sizes by key: a few numbers per document, kept for the next reading of it.
  const sizes = new Map<string, PageSize[]>();

  const failAll = (err: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(err);
    }
  };

  const stop = async () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const current = worker;
    worker = null;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((r) => current.once('exit', r));
    current.kill('SIGKILL');
    await exited;
  };

  const start = () => {
    const created = fork(workerPath(), [], {
      serialization: 'advanced',
      execArgv: [`--max-old-space-size=${options.memoryMb ?? 256}`],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    // Neither the process nor its channel keeps the server running.
    created.unref();
    created.channel?.unref();
    created.on('message', (answer: Answer) => {
      const p = pending.get(answer.id);
      if (!p) return;
      clearTimeout(p.timer);
      pending.delete(answer.id);
      p.resolve(answer);
    });
    const ended = (err: Error) => {
      if (worker !== created) return;
      worker = null;
      failAll(new RenderFailedError(`the page renderer stopped: ${err.message}`));
    };
    created.on('error', ended);
    created.on('exit', (code, signal) => ended(new Error(`exit ${code ?? signal}`)));
    worker = created;
    return created;
  };

  const send = (message: Record<string, unknown>) =>
    new Promise<Answer>((resolve, reject) => {
      if (closed) throw new RenderFailedError('the server is closing');
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const target = worker ?? start();
      const id = nextId++;
      const timer = setTimeout(() => {
        // A page this slow holds the thread: end it, and every page waiting on it.
        failAll(new RenderFailedError(`a page took longer than ${timeoutMs} ms`));
        void stop();
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      target.send({ ...message, id }, (err) => {
        if (!err) return;
        clearTimeout(timer);
        pending.delete(id);
        reject(new RenderFailedError(`the page renderer could not be reached: ${err.message}`));
      });
    });

  /** One job at a time per slot; the thread stops once idle for idleMs. */
  const inSlot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
      if (running === 0 && pending.size === 0 && worker && !idleTimer) {
        idleTimer = setTimeout(() => void stop(), idleMs);
        idleTimer.unref();
      }
    }
  };

  /** Asks; when the renderer no longer holds the document, hands it the file and asks again. */
  const ask = async (message: Record<string, unknown>, load: () => Promise<LoadedFile>) => {
    let answer = await send(message);
    if (answer.missing) {
      const file = await load();
      try {
        answer = await send({ ...message, path: file.path });
      } finally {
        await file.done();
      }
    }
    if (answer.error === 'no_page') throw new NoSuchPageError(answer.message);
    if (answer.error || answer.missing) throw new RenderFailedError(answer.message ?? 'unreadable');
    return answer;
  };

  return {
    pageSizes: (key, load) => {
      const known = sizes.get(key);
      if (known) return Promise.resolve(known);
      return inSlot(async () => {
        const { pages } = await ask({ op: 'pages', key }, load);
        if (!pages || pages.length === 0) throw new RenderFailedError('no pages');
        sizes.set(key, pages);
        if (sizes.size > 200) sizes.delete(sizes.keys().next().value as string);
        return pages;
      });
    },
    render: (job, load) =>
      inSlot(async () => {
        const { png } = await ask({ op: 'render', ...job }, load);
        if (!png) throw new RenderFailedError('no image');
        return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      }),
    close: async () => {
      closed = true;
      failAll(new RenderFailedError('the server is closing'));
      await stop();
    },
  };
}
