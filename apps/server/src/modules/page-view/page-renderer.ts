import { Worker } from 'node:worker_threads';

/**
 * Renders PDF pages to PNG in a worker thread (render-worker.mjs; decision 049), so a page's
 * drawing, stamping and encoding never hold the event loop. The thread starts with the first page
 * asked for and stops after a minute without one (decision 028: nothing heavy at rest); it keeps the
 * last two documents it opened, so a reader scrolling a document sends its bytes to it once.
 * At most two pages render at once per process; a page that takes longer than the time limit, or
 * a document that makes the thread run out of its memory limit, ends the thread (the next page
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
  /** The stored file's key: what the worker knows an opened document by. */
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

export interface PageRenderer {
  /** Every page's size; `load` reads the stored file's bytes when the worker does not hold them. */
  pageSizes(key: string, load: () => Promise<Uint8Array>): Promise<PageSize[]>;
  render(job: PageJob, load: () => Promise<Uint8Array>): Promise<Buffer>;
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

/** The worker's file: the TypeScript sources run it beside this file; the build names it in dist/. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./render-worker.mjs', import.meta.url)
    : new URL('./page-render-worker.js', import.meta.url);
}

interface Answer {
  id: number;
  missing?: true;
  pages?: PageSize[];
  png?: ArrayBuffer;
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
  let worker: Worker | null = null;
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
    if (current) await current.terminate();
  };

  const start = () => {
    const created = new Worker(workerUrl(), {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 256 },
    });
    created.unref();
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
    created.on('exit', (code) => ended(new Error(`exit ${code}`)));
    worker = created;
    return created;
  };

  const send = (message: Record<string, unknown>, transfer: ArrayBuffer[] = []) =>
    new Promise<Answer>((resolve, reject) => {
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
      target.postMessage({ ...message, id }, transfer);
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

  /** Asks; when the worker no longer holds the document, sends its bytes (transferred) and asks again. */
  const ask = async (message: Record<string, unknown>, load: () => Promise<Uint8Array>) => {
    let answer = await send(message);
    if (answer.missing) {
      const bytes = await load();
      answer = await send({ ...message, bytes: bytes.buffer }, [bytes.buffer as ArrayBuffer]);
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
        return Buffer.from(png);
      }),
    close: async () => {
      failAll(new RenderFailedError('the server is closing'));
      await stop();
    },
  };
}
