import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { documentMessages } from '@plinth/domain/documents';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The app's own PDF viewer (decision 034): pdf.js draws each page of the reader's (stamped) inline
 * copy onto a canvas, with no toolbar, so a view-only document has nothing to download or print
 * from. Loaded on demand (React.lazy): pdf.js never weighs on the landing page or the app shell.
 */
export default function PdfViewer({ url, fileName }: { url: string; fileName: string }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let task: ReturnType<typeof getDocument> | null = null;
    let isCurrent = true;
    setPdf(null);
    setFailed(false);
    (async () => {
      // One read of the inline view: counted as one view, stamped for the reader.
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = new Uint8Array(await res.arrayBuffer());
      if (!isCurrent) return;
      task = getDocument({ data });
      const loaded = await task.promise;
      if (isCurrent) setPdf(loaded);
    })().catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
      void task?.destroy();
    };
  }, [url]);

  if (failed) return <Text c="gray.7">{documentMessages.previewFailed}</Text>;
  if (!pdf)
    return (
      <Center h={200}>
        <Loader aria-label={`Loading ${fileName}`} />
      </Center>
    );
  return (
    <Stack
      gap="md"
      data-testid="pdf-viewer"
      aria-label={`${fileName}, ${pdf.numPages} pages`}
      style={{ maxHeight: '70vh', overflowY: 'auto', background: 'var(--mantine-color-gray-1)', padding: 12 }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((pageNumber) => (
        <PdfPage key={pageNumber} pdf={pdf} pageNumber={pageNumber} />
      ))}
    </Stack>
  );
}

function PdfPage({ pdf, pageNumber }: { pdf: PDFDocumentProxy; pageNumber: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const page = await pdf.getPage(pageNumber);
      const target = canvas.current;
      if (cancelled || !target) return;
      const scale = Math.min(
        2,
        (target.parentElement?.clientWidth ?? 800) / page.getViewport({ scale: 1 }).width,
      );
      const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
      target.width = viewport.width;
      target.height = viewport.height;
      target.style.width = `${viewport.width / (window.devicePixelRatio || 1)}px`;
      task = page.render({ canvas: target, viewport });
      await task.promise;
    })().catch(() => !cancelled && setError(true));
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber]);
  if (error) return <Alert color="red">Page {pageNumber} could not be shown</Alert>;
  return (
    <canvas
      ref={canvas}
      data-page-number={pageNumber}
      aria-label={`Page ${pageNumber}`}
      style={{ display: 'block', margin: '0 auto', maxWidth: '100%', boxShadow: '0 1px 4px rgba(0,0,0,0.2)' }}
    />
  );
}
