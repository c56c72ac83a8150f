import type { PDFFont, PDFPage, RGB } from '@cantoo/pdf-lib';
import type { HurdleStanding } from '@plinth/domain/broker-ai/feasibility';
import type { Rating } from '@plinth/domain/broker-ai/norms';
import { toWinAnsi } from '../watermark/stamp';

/** The credit summary's page geometry and its drawing cursor (credit-summary-pdf.ts lays it out). */

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
/** Nothing is drawn below this: the stamp's footer line sits at 12 pt. */
export const BOTTOM = 44;
export const WIDTH = A4.width - 2 * MARGIN;

// The domain writes a minus as U+2212 ('revenue −10%'), which WinAnsi has not: a hyphen reads the same.
export const printable = (text: string) =>
  toWinAnsi(
    text
      .replace(/\u2212/g, '-')
      .replace(/\s+/g, ' ')
      .trim(),
  );

export type Colours = Record<'ink' | 'grey' | 'rule' | Rating | `${HurdleStanding}Fill`, RGB>;

/** A cursor down a page, with the few shapes the summary is made of. */
export class Writer {
  y = A4.height - MARGIN;
  constructor(
    public page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly colours: Colours,
  ) {}

  text(text: string, x: number, y: number, o: { size?: number; font?: PDFFont; color?: RGB } = {}) {
    this.page.drawText(printable(text), {
      x,
      y,
      size: o.size ?? 9,
      font: o.font ?? this.regular,
      color: o.color ?? this.colours.ink,
    });
  }

  /** Lines of at most `width` points at `size`, broken at spaces (a long word is cut). */
  wrap(text: string, width: number, size: number, font = this.regular): string[] {
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of printable(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) line = next;
      else {
        if (line) lines.push(line);
        let rest = word;
        while (!fits(rest) && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Wrapped text at the cursor, at most `maxLines` lines (the last ending in '…' when cut). */
  paragraph(
    text: string,
    o: { size?: number; font?: PDFFont; color?: RGB; x?: number; maxLines?: number } = {},
  ) {
    const size = o.size ?? 9;
    const x = o.x ?? MARGIN;
    let lines = this.wrap(text, WIDTH - (x - MARGIN), size, o.font);
    if (o.maxLines && lines.length > o.maxLines)
      lines = [...lines.slice(0, o.maxLines - 1), `${lines[o.maxLines - 1]}…`];
    for (const line of lines) {
      this.y -= size * 1.35;
      this.text(line, x, this.y, o);
    }
  }

  heading(text: string) {
    this.y -= 18;
    this.text(text, MARGIN, this.y, { size: 11, font: this.bold });
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.6,
      color: this.colours.rule,
    });
  }

  /**
   * A table: a bold header row, then rows whose cells wrap within their column; a cell may have a
   * colour or a fill. Rows that would not fit above `BOTTOM` are left out and counted instead.
   */
  table(
    columns: { label: string; width: number; align?: 'right' }[],
    rows: { cells: { text: string; color?: RGB; fill?: RGB; font?: PDFFont }[] }[],
    o: { size?: number; total?: number } = {},
  ) {
    const size = o.size ?? 8;
    const leading = size * 1.3;
    const draw = (cells: { text: string; color?: RGB; fill?: RGB; font?: PDFFont }[], header: boolean) => {
      const wrapped = cells.map((cell, i) =>
        this.wrap(cell.text, columns[i]!.width - 6, size, header ? this.bold : cell.font),
      );
      const height = Math.max(1, ...wrapped.map((l) => l.length)) * leading + 4;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        if (cell.fill)
          this.page.drawRectangle({
            x,
            y: this.y - height,
            width: column.width - 2,
            height,
            color: cell.fill,
          });
        wrapped[i]!.forEach((line, n) => {
          const font = header ? this.bold : (cell.font ?? this.regular);
          const lineX =
            column.align === 'right' ? x + column.width - 4 - font.widthOfTextAtSize(line, size) : x + 2;
          this.text(line, lineX, this.y - 2 - (n + 1) * leading + 2, {
            size,
            font,
            color: header ? this.colours.grey : cell.color,
          });
        });
        x += column.width;
      });
      this.y -= height;
      return height;
    };
    this.y -= 2;
    draw(
      columns.map((c) => ({ text: c.label })),
      true,
    );
    let shown = 0;
    for (const row of rows) {
      const lines = Math.max(
        1,
        ...row.cells.map((cell, i) => this.wrap(cell.text, columns[i]!.width - 6, size).length),
      );
      if (this.y - lines * leading - 4 < BOTTOM + leading + 2) break;
      draw(row.cells, false);
      shown++;
    }
    const total = o.total ?? rows.length;
    if (shown < total) this.paragraph(`…and ${total - shown} more`, { size, color: this.colours.grey });
  }

  pageNumber(n: number) {
    const label = `Credit summary · page ${n} of 2`;
    const size = 8;
    this.text(
      label,
      A4.width - MARGIN - this.regular.widthOfTextAtSize(printable(label), size),
      A4.height - 28,
      {
        size,
        color: this.colours.grey,
      },
    );
  }
}
