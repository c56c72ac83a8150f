import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { documentMessages } from '@plinth/domain/documents';
import { type DocumentPagesResponse, pageWidthFor } from '@plinth/domain/page-view';
import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api-client';

/**
 * A view-only document as the server sends it (decision 049): page images with the reader's name,
 * e-mail and download code burned in, never the file. Opening it starts one reading (one view, one
 * code); each page's image is asked for only as it scrolls near view, and every page keeps its
 * place (its size is known up front) so the scrollbar does not jump. No toolbar, no download.
 */
export function PageImagesViewer({ pagesPath, fileName }: { pagesPath: string; fileName: string }) {
  const frame = useRef<HTMLElement>(null);
  const [reading, setReading] = useState<DocumentPagesResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    setReading(null);
    setFailed(false);
    // Pages as wide as the frame's pixels (a phone gets smaller images than a desktop).
    const width = pageWidthFor(frame.current?.clientWidth ?? 800, window.devicePixelRatio || 1);
    const separator = pagesPath.includes('?') ? '&' : '?';
    api<DocumentPagesResponse>(`${pagesPath}${separator}width=${width}`)
      .then((opened) => isCurrent && setReading(opened))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [pagesPath]);

  return (
    <section
      ref={frame}
      data-testid="page-images-viewer"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, or the pages cannot be scrolled from the keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-label={reading ? `${fileName}, ${reading.page_count} pages` : fileName}
      style={{
        maxHeight: '70vh',
        overflowY: 'auto',
        background: 'var(--mantine-color-gray-1)',
        padding: 12,
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {failed ? (
        <Text c="gray.7">{documentMessages.previewFailed}</Text>
      ) : !reading ? (
        <Center h={200}>
          <Loader aria-label={`Loading ${fileName}`} />
        </Center>
      ) : (
        <Stack gap="md">
          {reading.pages.map((page) => (
            <PageImage key={page.number} page={page} count={reading.page_count} root={frame} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function PageImage({
  page,
  count,
  root,
}: {
  page: DocumentPagesResponse['pages'][number];
  count: number;
  root: React.RefObject<HTMLElement | null>;
}) {
  const holder = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<'waiting' | 'loaded' | 'failed'>('waiting');

  useEffect(() => {
    const target = holder.current;
    if (!target || near) return;
    // Asked for when within about a screen of the frame's view: the next page is ready when reached.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root: root.current, rootMargin: '100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, root]);

  const label = `Page ${page.number} of ${count}`;
  return (
    <figure ref={holder} style={{ margin: 0 }} data-page-number={page.number} data-state={state}>
      <div
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: page.width,
          margin: '0 auto',
          aspectRatio: `${page.width} / ${page.height}`,
          background: 'white',
          boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
        }}
      >
        {near && state !== 'failed' && (
          <img
            src={page.url}
            alt={label}
            width={page.width}
            height={page.height}
            draggable={false}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
            style={{ display: 'block', width: '100%', height: '100%', userSelect: 'none' }}
          />
        )}
        {state === 'failed' && (
          <Alert color="red" m="md">
            Page {page.number} could not be shown
          </Alert>
        )}
      </div>
      <Text component="figcaption" ta="center" fz="sm" c="gray.7" mt={4}>
        {label}
      </Text>
    </figure>
  );
}
