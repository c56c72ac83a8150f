import { Readable } from 'node:stream';
import { copyFor } from '@plinth/domain/watermark';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { printable } from '../deals/credit-summary-writer';
import { recipientOf } from '../documents/document-views';
import type { FileContents } from '../documents/send-file';
import type { FacilityRow } from '../facilities/facility-access';
import { newDownloadCode } from '../watermark/download-code';
import { stampedCopy } from '../watermark/stamped-copy';

/**
 * A small A4 writer over pdf-lib for the covenant notices and the monthly lender report: headings,
 * label/value rows, tables with right-aligned money, paragraphs wrapped to the page, images, and a
 * new page whenever the current one is full. pdf-lib is loaded on the first PDF (decision 028).
 */

export type Column = { header: string; width: number; align?: 'left' | 'right' };

export interface PdfWriter {
  heading(text: string, size?: number): void;
  rows(rows: readonly [string, string][]): void;
  table(columns: readonly Column[], rows: readonly string[][]): void;
  paragraph(text: string, size?: number): void;
  image(bytes: Uint8Array, mimeType: string, caption: string): Promise<void>;
  gap(points: number): void;
  save(): Promise<{ bytes: Uint8Array; pages: number }>;
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 40;
const RIGHT = 555;
const TOP = 800;
const BOTTOM = 50;

export async function createPdfWriter(title: string): Promise<PdfWriter> {
  const { PDFDocument, StandardFonts, rgb } = await import('@cantoo/pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(title));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  let page = pdf.addPage(A4);
  let y = TOP;
  const room = (needed: number) => {
    if (y - needed < BOTTOM) {
      page = pdf.addPage(A4);
      y = TOP;
    }
  };
  /** The text cut (with '...') to `width`: a binary search over its length, not a character at a time. */
  const fit = (text: string, font: typeof regular, size: number, width: number) => {
    const t = printable(text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    let lo = 0;
    let hi = t.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (font.widthOfTextAtSize(`${t.slice(0, mid)}...`, size) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${t.slice(0, lo)}...`;
  };
  const draw = (text: string, x: number, size: number, font = regular) =>
    page.drawText(text, { x, y, size, font, color: ink });
  const wrap = (text: string, size: number, width: number) => {
    const words = printable(text).split(/\s+/);
    const lines: string[] = [];
    let current = '';
    for (const w of words) {
      const next = current ? `${current} ${w}` : w;
      if (regular.widthOfTextAtSize(next, size) > width && current) {
        lines.push(current);
        current = w;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };
  return {
    heading(text, size = 12) {
      room(size + 14);
      y -= 6;
      draw(fit(text, bold, size, RIGHT - LEFT), LEFT, size, bold);
      y -= size + 6;
    },
    rows(rows) {
      for (const [k, v] of rows) {
        room(13);
        draw(fit(k, bold, 9, 200), LEFT, 9, bold);
        draw(fit(v, regular, 9, RIGHT - 250), 250, 9);
        y -= 13;
      }
    },
    table(columns, rows) {
      const header = () => {
        let x = LEFT;
        for (const c of columns) {
          const t = fit(c.header, bold, 8, c.width - 4);
          draw(t, c.align === 'right' ? x + c.width - 4 - bold.widthOfTextAtSize(t, 8) : x, 8, bold);
          x += c.width;
        }
        y -= 12;
      };
      room(24);
      header();
      for (const row of rows) {
        if (y - 11 < BOTTOM) {
          room(TOP);
          header();
        }
        let x = LEFT;
        columns.forEach((c, i) => {
          const t = fit(row[i] ?? '', regular, 8, c.width - 4);
          draw(t, c.align === 'right' ? x + c.width - 4 - regular.widthOfTextAtSize(t, 8) : x, 8);
          x += c.width;
        });
        y -= 11;
      }
    },
    paragraph(text, size = 9) {
      for (const line of wrap(text, size, RIGHT - LEFT)) {
        room(size + 4);
        draw(line, LEFT, size);
        y -= size + 4;
      }
    },
    async image(bytes, mimeType, caption) {
      const embedded = mimeType === 'image/png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
      const scale = Math.min(1, 240 / embedded.width, 180 / embedded.height);
      const w = embedded.width * scale;
      const h = embedded.height * scale;
      room(h + 20);
      page.drawImage(embedded, { x: LEFT, y: y - h, width: w, height: h });
      y -= h + 12;
      draw(fit(caption, regular, 8, RIGHT - LEFT), LEFT, 8);
      y -= 14;
    },
    gap(points) {
      y -= points;
    },
    async save() {
      const pages = pdf.getPageCount();
      return { bytes: await pdf.save({ useObjectStreams: true }), pages };
    },
  };
}

/**
 * A facility document as it leaves: the funder (its owner) and admins get it as made; every other
 * party a copy stamped with their name and a download code, as every document that leaves its
 * owner's side.
 */
export async function facilityCopy(
  db: Db,
  viewer: Viewer,
  facility: FacilityRow,
  bytes: Uint8Array,
): Promise<FileContents> {
  const copy = copyFor(viewer, [facility.funder_id], 'application/pdf');
  if (copy !== 'stamped') return { body: Buffer.from(bytes), sizeBytes: bytes.length };
  return stampedCopy(
    Readable.from([Buffer.from(bytes)]),
    { mimeType: 'application/pdf', sizeBytes: bytes.length },
    { recipient: await recipientOf(db, viewer), code: newDownloadCode(), at: new Date() },
  );
}
