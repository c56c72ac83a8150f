import { ActionIcon, Alert, Button, Center, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { documentMessages } from '@plinth/domain/documents';
import { type DocumentPagesResponse, pageWidthFor } from '@plinth/domain/page-view';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../lib/api-client';

/**
 * A view-only document as the server sends it (decision 049): page images with the reader's name,
 * e-mail and download code burned in, never the file. Opening it starts one reading (one view, one
 * code); each page's image is asked for only as it scrolls near view, and every page keeps its
 * place (its size is known up front) so the scrollbar does not jump. No download; the toolbar
 * (issue 37 item 14) zooms the pages and moves between them.
 */

/** The zoom steps, in percent of the frame's width (100 = fit the width). */
export const ZOOM_STEPS = [50, 75, 100, 125, 150, 200] as const;

export function PageImagesViewer({ pagesPath, fileName }: { pagesPath: string; fileName: string }) {
  const frame = useRef<HTMLElement>(null);
  const [reading, setReading] = useState<DocumentPagesResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState<number>(100);
  const [current, setCurrent] = useState(1);
  const [typedPage, setTypedPage] = useState<string | number>(1);

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

  const count = reading?.page_count ?? 0;
  const figures = () => [...(frame.current?.querySelectorAll<HTMLElement>('figure[data-page-number]') ?? [])];

  /** Scrolls the frame to a page (1-based, held within the document). */
  const goTo = (page: number) => {
    const target = Math.min(Math.max(1, Math.round(page)), Math.max(1, count));
    setCurrent(target);
    setTypedPage(target);
    const figure = figures()[target - 1];
    if (figure && frame.current) frame.current.scrollTo?.({ top: figure.offsetTop - 12 });
  };

  /** The page in view: the last whose top has passed a third of the frame's height. */
  const onScroll = useCallback(() => {
    const box = frame.current;
    if (!box) return;
    const line = box.scrollTop + box.clientHeight / 3;
    let inView = 1;
    for (const figure of box.querySelectorAll<HTMLElement>('figure[data-page-number]'))
      if (figure.offsetTop <= line) inView = Number(figure.dataset.pageNumber);
    setCurrent(inView);
    setTypedPage(inView);
  }, []);

  const zoomIndex = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);

  return (
    <Stack gap={6}>
      {reading && (
        <Group justify="space-between" gap="xs" role="toolbar" aria-label={`${fileName} controls`}>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label="Previous page"
              disabled={current <= 1}
              onClick={() => goTo(current - 1)}
            >
              <IconChevronLeft aria-hidden size={16} />
            </ActionIcon>
            <NumberInput
              aria-label="Page"
              size="xs"
              w={56}
              min={1}
              max={count}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={typedPage}
              onChange={setTypedPage}
              onKeyDown={(e) => {
                if (e.key === 'Enter') goTo(Number(typedPage) || current);
              }}
              onBlur={() => goTo(Number(typedPage) || current)}
            />
            <Text fz="sm" c="gray.7" aria-live="polite">
              of {count}
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Next page"
              disabled={current >= count}
              onClick={() => goTo(current + 1)}
            >
              <IconChevronRight aria-hidden size={16} />
            </ActionIcon>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label="Zoom out"
              disabled={zoomIndex <= 0}
              onClick={() => setZoom(ZOOM_STEPS[zoomIndex - 1] ?? zoom)}
            >
              <IconZoomOut aria-hidden size={16} />
            </ActionIcon>
            <Text fz="sm" w={44} ta="center" aria-live="polite" data-testid="viewer-zoom">
              {zoom}%
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Zoom in"
              disabled={zoomIndex >= ZOOM_STEPS.length - 1}
              onClick={() => setZoom(ZOOM_STEPS[zoomIndex + 1] ?? zoom)}
            >
              <IconZoomIn aria-hidden size={16} />
            </ActionIcon>
            <Button variant="subtle" size="compact-xs" onClick={() => setZoom(100)} disabled={zoom === 100}>
              Fit width
            </Button>
          </Group>
        </Group>
      )}
      <section
        ref={frame}
        data-testid="page-images-viewer"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, or the pages cannot be scrolled from the keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label={reading ? `${fileName}, ${reading.page_count} pages` : fileName}
        onScroll={onScroll}
        style={{
          position: 'relative',
          maxHeight: '70vh',
          overflow: 'auto',
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
              <PageImage key={page.number} page={page} count={reading.page_count} root={frame} zoom={zoom} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function PageImage({
  page,
  count,
  root,
  zoom,
}: {
  page: DocumentPagesResponse['pages'][number];
  count: number;
  root: React.RefObject<HTMLElement | null>;
  /** Percent of the frame's width; 100 fits the width (never wider than the image). */
  zoom: number;
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
          width: `${zoom}%`,
          maxWidth: zoom === 100 ? page.width : undefined,
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
