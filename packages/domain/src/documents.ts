import { z } from 'zod';
import { DEAL_FILE_MAX_MB, PROJECT_FILE_MAX_MB } from './constants';

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

export const documentIdParams = z.object({ id: z.uuid({ error: 'Document not found' }) });
