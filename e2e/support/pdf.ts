// Reading the text of PDFs the app hands out (stamped copies, the credit summary) in browser tests.

/** Each page's text as pdf.js extracts it (the legacy build runs in Node; it needs withResolvers). */
export async function pagesText(bytes: Buffer): Promise<string[]> {
  if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
    Object.assign(Promise, {
      withResolvers<T>() {
        let resolve!: (value: T) => void;
        let reject!: (reason?: unknown) => void;
        const promise = new Promise<T>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        return { promise, resolve, reject };
      },
    });
  }
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages;
}
