import { z } from 'zod';
import { idParam } from './api-errors';
import { documentCopy } from './watermark';

/**
 * Issue 30 finding 2 (docs/decisions/049-view-only-as-page-images.md): a view-only PDF reaches a
 * reader who gets a stamped copy only as page images rendered on the server, each with the reader's
 * name, e-mail and download code burned into its pixels. Opening it (GET /documents/{id}/pages) is
 * one reading: one recorded opening and one code, however many pages are fetched in it.
 */

export const pageViewMessages = {
  viewOnlyNoFile: 'This document is view only: it can be read page by page in Plinth, not downloaded',
  onlyPdf: 'Only a PDF can be read page by page',
  readingEnded: 'This reading has ended: open the document again',
  noSuchPage: 'This document has no such page',
  cannotRender: 'This page could not be shown. Ask the uploader for a readable copy',
} as const;

/** The widths a page is rendered at, in pixels: 1240 is an A4 page at 150 dpi. */
export const PAGE_WIDTHS = [640, 960, 1240, 1600] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];
export const DEFAULT_PAGE_WIDTH: PageWidth = 1240;

/** A reading lasts this long; a viewer left open longer opens the document again (a new code). */
export const READING_HOURS = 8;

/** The width a screen needs: the smallest offered width at least as wide as its pixels, else the largest. */
export function pageWidthFor(cssWidth: number, devicePixelRatio = 1): PageWidth {
  const pixels = cssWidth * devicePixelRatio;
  return PAGE_WIDTHS.find((w) => w >= pixels) ?? PAGE_WIDTHS[PAGE_WIDTHS.length - 1]!;
}

const pageWidth = z.coerce
  .number()
  .int()
  .refine((w) => (PAGE_WIDTHS as readonly number[]).includes(w), {
    message: `width must be one of ${PAGE_WIDTHS.join(', ')}`,
  })
  .transform((w) => w as PageWidth);

/** GET /documents/{id}/pages?width=: open a reading. */
export const documentPagesQuery = z.object({ width: pageWidth.default(DEFAULT_PAGE_WIDTH) });

/** GET /documents/{id}/pages/{n}?reading=&width=: one page of an open reading. */
export const documentPageParams = z.object({
  id: idParam(),
  n: z.coerce.number().int().min(1).max(100_000),
});
export const documentPageQuery = z.object({
  reading: z.uuid(),
  width: pageWidth.default(DEFAULT_PAGE_WIDTH),
});

/** The pages of a document as the reader gets them, with the URL of each image. */
export const documentPagesResponse = z.object({
  /** The reading's id (its recorded opening): every page URL names it. */
  reading: z.string(),
  /** The download code stamped on every page of this reading; null when the reader gets the original. */
  code: z.string().nullable(),
  watermark: documentCopy,
  page_count: z.number().int(),
  pages: z.array(
    z.object({
      number: z.number().int(),
      /** The image's size in pixels, so the viewer keeps each page's place before it loads. */
      width: z.number().int(),
      height: z.number().int(),
      url: z.string(),
    }),
  ),
});
export type DocumentPagesResponse = z.infer<typeof documentPagesResponse>;

/** Where a project document's pages are opened. */
export const documentPagesUrl = (documentId: string, width: PageWidth = DEFAULT_PAGE_WIDTH) =>
  `/api/documents/${documentId}/pages?width=${width}`;
