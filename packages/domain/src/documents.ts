import { z } from 'zod';
import { idParam } from './api-errors';
import { DEAL_FILE_MAX_MB, PROJECT_FILE_MAX_MB } from './constants';
import { documentViewSummary } from './deals';
import { documentCopy } from './watermark';

/** Project and deal documents (spec 000 sections 3, 5, 8). */

export const allowedDocumentExtensions = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'] as const;
export const PROJECT_FILE_MAX_BYTES = PROJECT_FILE_MAX_MB * 1024 * 1024;
export const DEAL_FILE_MAX_BYTES = DEAL_FILE_MAX_MB * 1024 * 1024;

export const documentMessages = {
  tooLargeTitle: 'File Too Large',
  tooLarge: (maxMb: number) => `Maximum file size is ${maxMb}MB`,
  typeNotAllowed: 'File type not allowed. Accepted: PDF, DOC, DOCX, XLS, XLSX, JPG, JPEG, PNG',
  contentMismatch: "The file's content does not match its extension",
  uploadIssueTitle: 'Document Upload Issue',
  uploadIssue: 'Some documents failed to upload. You can add them later.',
  previewUnavailable: 'Preview not available for this file type',
  // Spec 001 section 8.
  previewFailedTitle: 'Preview Failed',
  previewFailed: 'Unable to preview document',
  downloadFailedTitle: 'Download Failed',
  downloadFailed: 'Unable to download document',
} as const;

export const extensionOf = (fileName: string) => {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
};

export const isAllowedExtension = (fileName: string) =>
  (allowedDocumentExtensions as readonly string[]).includes(extensionOf(fileName));

/** A file is shown inline when its mime type contains 'pdf' (spec 001 section 9). */
export const isPreviewable = (mimeType: string) => mimeType.includes('pdf');

/** document_type keys are underscored lower-case words. */
export const documentTypeSchema = z
  .string()
  .regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'Unknown document type')
  .max(60);

/** 'quantity_surveyor_report' → 'Quantity Surveyor Report'. */
export const documentTypeLabel = (key: string) =>
  key
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export const projectDocument = z.object({
  id: z.string(),
  project_id: z.string(),
  document_type: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  uploaded_at: z.string(),
  uploader_name: z.string().nullable(),
  /** Authorised download URL (attachment). */
  download_url: z.string(),
  /** Authorised inline URL (for PDF preview). */
  view_url: z.string(),
  /** A PDF the developer marked view only: read in the app's viewer, not downloaded, by funders. */
  view_only: z.boolean(),
  /** Which copy the caller gets: original, stamped with their name, or an office file unchanged. */
  watermark: documentCopy,
  /** Who has opened it: present in the list for the project's developer and admins only. */
  viewed_by: z.array(documentViewSummary).optional(),
});
export type ProjectDocument = z.infer<typeof projectDocument>;

export const projectDocumentsResponse = z.object({
  documents: z.array(projectDocument),
  documents_complete: z.boolean(),
  missing_types: z.array(z.string()),
});

/** POST /projects/{id}/documents answers with what was stored and what failed, file by file. */
export const uploadDocumentsResponse = projectDocumentsResponse.extend({
  uploaded: z.array(projectDocument),
  failed: z.array(z.object({ file_name: z.string(), error: z.string() })),
});

export const requiredDocumentsResponse = z.object({
  required_documents: z.array(z.string()),
  descriptions: z.record(z.string(), z.string()),
});

export const documentIdParams = z.object({ id: idParam() });

export type AllowedDocumentExtension = (typeof allowedDocumentExtensions)[number];

/** Files one upload request may carry (the wizard sends one per required type). */
export const MAX_FILES_PER_UPLOAD = 20;

/** What the server says when a request about documents is refused. */
export const documentRequestMessages = {
  noFiles: 'Choose at least one file to upload',
  documentTypesInvalid: 'document_types must be a JSON list with one document type per file, in file order',
  duplicateType: 'Each document type can be uploaded once per request',
  notMultipart: 'Send the files as multipart/form-data',
  malformedUpload: 'The upload could not be read. Please try again',
  tooManyFiles: `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`,
  notEditable: 'Documents can be changed only while the project is a draft or after rejection',
  documentNotFound: 'Document not found',
} as const;

/**
 * The mime type stored and served for each accepted extension, once the file's content has been
 * checked against it (the content tells PDF, PNG and JPEG apart; Word and Excel share a container,
 * so the checked extension names which of the two it is).
 */
export const documentMimeTypes: Record<AllowedDocumentExtension, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The `accept` attribute of an upload control for project and deal documents. */
export const documentAccept = allowedDocumentExtensions.map((e) => `.${e}`).join(',');

const FILE_NAME_MAX = 255;

/**
 * The name a file is shown and downloaded under: the last segment of whatever the client sent
 * (a name like '../../etc/passwd.pdf' becomes 'passwd.pdf'), without control characters, at most
 * 255 characters with its extension kept. It is only ever a label, never a path.
 */
export function displayFileName(raw: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    // A lone UTF-16 surrogate cannot be encoded in a header or in UTF-8.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .trim();
  const name = base === '' || base === '.' || base === '..' ? 'document' : base;
  if (name.length <= FILE_NAME_MAX) return name;
  const ext = extensionOf(name);
  // An "extension" too long to keep is cut with the rest of the name.
  const suffix = ext && ext.length < FILE_NAME_MAX - 1 ? `.${ext}` : '';
  // The cut must not split a surrogate pair: a lone half breaks encodeURIComponent (and the header).
  const head = name.slice(0, FILE_NAME_MAX - suffix.length).replace(/[\uD800-\uDBFF]$/, '');
  return head + suffix;
}

/** Required types that no uploaded document covers yet, in the configured order. */
export const missingDocumentTypes = (required: readonly string[], present: Iterable<string>) => {
  const have = new Set(present);
  return required.filter((type) => !have.has(type));
};

/** documents_complete: every required type has a document. */
export const areDocumentsComplete = (required: readonly string[], present: Iterable<string>) =>
  missingDocumentTypes(required, present).length === 0;

export type ProjectDocumentsResponse = z.infer<typeof projectDocumentsResponse>;
export type UploadDocumentsResponse = z.infer<typeof uploadDocumentsResponse>;
export type RequiredDocumentsResponse = z.infer<typeof requiredDocumentsResponse>;
