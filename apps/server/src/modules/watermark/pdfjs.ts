/**
 * pdf.js (the legacy build, made for environments without the newest features) for reading a
 * leaked PDF's text on the server. It still calls Promise.withResolvers, which Node gained only in
 * 22; the server supports Node 20 (package.json engines), so the same few lines stand in for it.
 */
export async function loadPdfjs() {
  if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      writable: true,
      value<T>() {
        let resolve!: (value: T | PromiseLike<T>) => void;
        let reject!: (reason?: unknown) => void;
        const promise = new Promise<T>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        return { promise, resolve, reject };
      },
    });
  }
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}
