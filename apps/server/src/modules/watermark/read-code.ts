import { findDownloadCode } from '@plinth/domain/watermark';
import { loadPdfjs } from './pdfjs';

/** How many pages' text are searched for the footer when a PDF's keywords lost the code. */
const PAGES_SEARCHED = 5;

/**
 * The download code in a leaked PDF: first its keywords (where the stamp wrote it), else the text of
 * its first pages (the footer line), for a copy that was re-saved or printed to PDF. Null when there
 * is none or the file cannot be read.
 */
export async function readDownloadCode(bytes: Uint8Array): Promise<string | null> {
  const fromKeywords = await codeFromKeywords(bytes);
  return fromKeywords ?? (await codeFromText(bytes));
}

async function codeFromKeywords(bytes: Uint8Array): Promise<string | null> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return findDownloadCode(doc.getKeywords() ?? '');
  } catch {
    return null;
  }
}

async function codeFromText(bytes: Uint8Array): Promise<string | null> {
  const pdfjs = await loadPdfjs();
  // pdf.js takes the buffer over; give it a copy so the caller's bytes stay whole.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const pdf = await task.promise;
    for (let n = 1; n <= Math.min(pdf.numPages, PAGES_SEARCHED); n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      const code = findDownloadCode(text);
      if (code) return code;
    }
    return null;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
