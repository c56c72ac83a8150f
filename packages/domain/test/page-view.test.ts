import { describe, expect, it } from 'vitest';
import { documentPageQuery, documentPagesQuery, PAGE_WIDTHS, pageWidthFor } from '../src/page-view';

// Decision 049: the widths a page image is made at, and the one a screen asks for.

describe('pageWidthFor', () => {
  it('asks for the smallest offered width at least as wide as the frame in device pixels', () => {
    expect(pageWidthFor(300, 1)).toBe(640);
    expect(pageWidthFor(300, 3)).toBe(960);
    expect(pageWidthFor(640, 1)).toBe(640);
    expect(pageWidthFor(641, 1)).toBe(960);
    expect(pageWidthFor(1100, 1)).toBe(1240);
    expect(pageWidthFor(1100, 2)).toBe(1600);
  });

  it('never asks for more than the largest offered width', () => {
    expect(pageWidthFor(4000, 2)).toBe(PAGE_WIDTHS.at(-1));
  });
});

describe('the page queries', () => {
  it('take only the offered widths, 1240 when none is given', () => {
    expect(documentPagesQuery.parse({})).toEqual({ width: 1240 });
    expect(documentPagesQuery.parse({ width: '640' })).toEqual({ width: 640 });
    expect(documentPagesQuery.safeParse({ width: '1000' }).success).toBe(false);
    expect(documentPagesQuery.safeParse({ width: '5000' }).success).toBe(false);
  });

  it('a page names its reading', () => {
    const reading = '0b0c4a52-0a39-4f0e-9d1b-6c1f2f0d9a11';
    expect(documentPageQuery.parse({ reading })).toEqual({ reading, width: 1240 });
    expect(documentPageQuery.safeParse({}).success).toBe(false);
    expect(documentPageQuery.safeParse({ reading: 'not-a-uuid' }).success).toBe(false);
  });
});
