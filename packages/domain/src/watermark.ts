import { z } from 'zod';

/**
 * Issue 19 items 2 to 4 (docs/decisions/034-watermarks-and-view-only.md): every PDF or image a
 * reader opens from a file they did not upload is stamped with who they are and a download code;
 * a code (or a leaked PDF) names whose copy it was; a PDF may be marked view only.
 */

export const watermarkMessages = {
  passwordProtected: 'This PDF is password-protected. Upload an unprotected copy.',
  viewOnly: "This document is view only: read it in Plinth's viewer",
  onlyPdfViewOnly: 'Only a PDF can be view only',
  viewOnlyInvalid: 'view_only must be a JSON list with true or false for each file, in file order',
  cannotStamp:
    'This file could not be watermarked, so it cannot be sent. Ask the uploader for a readable copy',
  noSuchCode: 'No download with this code',
  codeInvalid: 'Enter a download code like ABCD-2345',
  traceNeedsFile: 'Drop one PDF, PNG or JPEG to trace',
  noCodeInPdf: 'No download code was found in this PDF',
  noCodeInImage: 'No download code was found in this image',
  traceUnreadableImage: 'This image could not be read. Drop the PNG or JPEG file itself',
  notWatermarked: 'Not watermarked',
  notWatermarkedHint: 'Office files are delivered unchanged, without your name on them',
} as const;

/** The kinds of file a stamp can be made on: PDFs and PNG or JPEG images. */
export const stampableMimeTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const isStampable = (mimeType: string) => (stampableMimeTypes as readonly string[]).includes(mimeType);

/**
 * Which copy a reader gets: the uploader's side and admins the original; anyone else a stamped copy
 * of a PDF or image, and an office file unchanged ('not_watermarked', which the lists say so).
 */
export const documentCopies = ['original', 'stamped', 'not_watermarked'] as const;
export type DocumentCopy = (typeof documentCopies)[number];
export const documentCopy = z.enum(documentCopies);

export function copyFor(
  reader: { id: string; role: string | null },
  ownerSide: readonly (string | null)[],
  mimeType: string,
): DocumentCopy {
  if (reader.role === 'admin' || ownerSide.includes(reader.id)) return 'original';
  return isStampable(mimeType) ? 'stamped' : 'not_watermarked';
}

/** A view-only document is never downloaded by a reader who gets a stamped copy. */
export const mayDownload = (copy: DocumentCopy, viewOnly: boolean) => !viewOnly || copy === 'original';

// ---------------------------------------------------------------------------------------------
// Download codes: 8 Crockford base-32 characters shown as XXXX-XXXX (40 random bits).

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const downloadCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A code as typed (any case, with or without the hyphen or spaces; I and L read as 1, O as 0, as
 * Crockford's alphabet allows) in its stored form, or null when it cannot be one.
 */
export function normaliseDownloadCode(input: string): string | null {
  const bare = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (bare.length !== 8) return null;
  const code = `${bare.slice(0, 4)}-${bare.slice(4)}`;
  return downloadCodePattern.test(code) ? code : null;
}

/** The code's mark in a stamped PDF's keywords, read back when a leaked copy is dropped. */
export const CODE_KEYWORD_PREFIX = 'plinth-download-code:';

/** Finds a download code in text (a PDF's keywords or the stamp's footer line). */
export function findDownloadCode(text: string): string | null {
  const tagged = new RegExp(`${CODE_KEYWORD_PREFIX}([0-9A-Z]{4}-[0-9A-Z]{4})`).exec(text);
  if (tagged) return normaliseDownloadCode(tagged[1]!);
  const footer = /Code\s+([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text);
  return footer ? normaliseDownloadCode(footer[1]!) : null;
}

// ---------------------------------------------------------------------------------------------
// The stamp's wording

const stampTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** dd/mm/yyyy hh:mm AEDT (or AEST), as the reader's clock in Sydney read when the copy was made. */
export function formatStampTime(at: Date): string {
  const parts = Object.fromEntries(stampTime.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

export interface StampRecipient {
  name: string;
  company: string | null;
  email: string;
}

/** The footer line: name · company · e-mail · date and time · Code XXXX-XXXX. */
export function stampFooter(recipient: StampRecipient, code: string, at: Date): string {
  return [recipient.name, recipient.company, recipient.email, formatStampTime(at), `Code ${code}`]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' · ');
}

/** The light diagonal line across the page: who it was sent to and the code. */
export const stampDiagonal = (recipient: StampRecipient, code: string) => `${recipient.email} · ${code}`;

// ---------------------------------------------------------------------------------------------
// API shapes

/** PATCH /documents/{id}: the developer marks a PDF view only, or lifts it. */
export const updateDocumentBody = z.strictObject({ view_only: z.boolean() });

/** GET /document-trace?code=: a code as typed. */
export const documentTraceQuery = z.object({
  code: z
    .string()
    .max(40)
    .transform((raw, ctx) => {
      const code = normaliseDownloadCode(raw);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: watermarkMessages.codeInvalid });
        return z.NEVER;
      }
      return code;
    }),
});

/** Whose copy a code names: the document, the reader, how and when. */
export const documentTraceResponse = z.object({
  code: z.string(),
  document: z.object({
    id: z.string(),
    /** A project document, a deal document, or a deal's credit summary (id: the deal's). */
    source: z.enum(['project', 'deal', 'credit_summary']),
    file_name: z.string(),
    project_id: z.string(),
    project_title: z.string(),
  }),
  viewer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
  }),
  kind: z.enum(['view', 'download']),
  viewed_at: z.string(),
});
export type DocumentTraceResponse = z.infer<typeof documentTraceResponse>;
