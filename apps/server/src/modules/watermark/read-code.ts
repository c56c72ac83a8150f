import { findDownloadCode } from '@plinth/domain/watermark';
import { stringsOf } from './content-stream';
import { loadPdfjs } from './pdfjs';
import { codesInMarks } from './stamp-marks';
import { contentParts, streamData } from './stamp-page';

type PdfLib = typeof import('@cantoo/pdf-lib');
type PDFDocument = import('@cantoo/pdf-lib').PDFDocument;
type PDFObject = import('@cantoo/pdf-lib').PDFObject;

/** How many pages' text pdf.js reads when nothing else in the file named a code. */
const PAGES_READ_BY_PDFJS = 100;
/** How deep forms inside forms are followed. */
const FORM_DEPTH = 4;

/**
 * The download code in a leaked PDF (decisions 034, 050), from every place a stamp puts it: the
 * keywords, the XMP metadata, the footer's text and the marks that draw nothing, in any page's
 * content or in the forms its resources hold. Any one that survived is enough. When several codes
 * are found (pages of two copies put together, or a code planted to blame someone), the one with the
 * most marks is answered. pdf.js reads the pages' text only when none of that named a code: it also
 * reads text in fonts the file re-encoded (a copy printed to PDF). Null when there is none or the
 * file cannot be read.
 */
export async function readDownloadCode(bytes: Uint8Array): Promise<string | null> {
  const votes = new Map<string, number>();
  const count = (codes: (string | null)[]) => {
    for (const code of codes) if (code) votes.set(code, (votes.get(code) ?? 0) + 1);
  };
  await readWithPdfLib(bytes, count);
  if (votes.size === 0) await readWithPdfjs(bytes, count);
  let best: string | null = null;
  for (const [code, n] of votes) if (!best || n > votes.get(best)!) best = code;
  return best;
}

/** Codes in a piece of text: the keyword or footer form, and marks. */
const codesIn = (text: string) => [findDownloadCode(text), ...codesInMarks(text)];

async function readWithPdfLib(bytes: Uint8Array, count: (codes: (string | null)[]) => void) {
  const pdfLib = await import('@cantoo/pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await pdfLib.PDFDocument.load(bytes, {
      updateMetadata: false,
      ignoreEncryption: true,
      throwOnInvalidObject: false,
    });
  } catch {
    return;
  }
  const { PDFName, PDFRawStream } = pdfLib;
  const read = (action: () => void) => {
    try {
      action();
    } catch {
      // A broken part of the file: the other places are still read.
    }
  };
  read(() => count([findDownloadCode(doc.getKeywords() ?? '')]));
  read(() => {
    const metadata = doc.context.lookup(doc.catalog.get(PDFName.of('Metadata')));
    const xmp = metadata instanceof PDFRawStream ? streamData(pdfLib, metadata) : null;
    if (xmp) count(codesIn(Buffer.from(xmp).toString('utf8')));
  });
  const seen = new Set<PDFObject>();
  let pages: ReturnType<PDFDocument['getPages']> = [];
  read(() => {
    pages = doc.getPages();
  });
  for (const page of pages)
    read(() => {
      for (const part of contentParts(pdfLib, page)) count(codesInStream(pdfLib, doc.context.lookup(part)));
      count(codesInForms(pdfLib, doc, page.node.Resources(), seen, FORM_DEPTH));
    });
}

function codesInStream(pdfLib: PdfLib, stream: PDFObject | undefined): (string | null)[] {
  const data = streamData(pdfLib, stream);
  return data ? stringsOf(data).flatMap(codesIn) : [];
}

/** Codes in the form XObjects of a resources dictionary, and in the forms those use. */
function codesInForms(
  pdfLib: PdfLib,
  doc: PDFDocument,
  resources: PDFObject | undefined,
  seen: Set<PDFObject>,
  depth: number,
): (string | null)[] {
  const { PDFDict, PDFName, PDFRawStream } = pdfLib;
  const dict = doc.context.lookup(resources);
  if (!(dict instanceof PDFDict) || depth === 0) return [];
  const xObjects = dict.lookup(PDFName.of('XObject'));
  if (!(xObjects instanceof PDFDict)) return [];
  const codes: (string | null)[] = [];
  for (const [, ref] of xObjects.entries()) {
    const form = doc.context.lookup(ref);
    if (!(form instanceof PDFRawStream) || seen.has(form)) continue;
    seen.add(form);
    if (form.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
    codes.push(...codesInStream(pdfLib, form));
    codes.push(...codesInForms(pdfLib, doc, form.dict.get(PDFName.of('Resources')), seen, depth - 1));
  }
  return codes;
}

async function readWithPdfjs(bytes: Uint8Array, count: (codes: (string | null)[]) => void) {
  const pdfjs = await loadPdfjs();
  // pdf.js takes the buffer over; give it a copy so the caller's bytes stay whole.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const pdf = await task.promise;
    for (let n = 1; n <= Math.min(pdf.numPages, PAGES_READ_BY_PDFJS); n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const items = content.items.map((item) => ('str' in item ? item.str : ''));
      // Marks may come in pieces (a TJ array): joined without spaces, their runs are whole again.
      count([findDownloadCode(items.join(' ')), ...codesInMarks(items.join(''))]);
    }
  } catch {
    // What was read before the file broke off still counts.
  } finally {
    await task.destroy();
  }
}
