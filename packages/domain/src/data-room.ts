import { z } from 'zod';
import { type DocumentViewSummary, dealDocument, documentRequest } from './deals';

/**
 * The deal room's files beyond the shapes in deals.ts: what an upload answers, fulfilling a
 * request, a project's deal documents, and the data-room insight (who has opened which file).
 */

// ---------------------------------------------------------------------------------------------
// Data-room insight

/** How a file was opened: inline (the preview) or as a download. */
export const documentViewKinds = ['view', 'download'] as const;
export type DocumentViewKind = (typeof documentViewKinds)[number];

/**
 * Who may read who opened a document: its uploader's side (the uploader of a deal document; the
 * developer who owns a project's documents) and admins. The other party never sees the log.
 */
export const mayReadDocumentViews = (
  viewer: { id: string; role: string | null },
  ownerSide: readonly (string | null)[],
) => viewer.role === 'admin' || ownerSide.includes(viewer.id);

/**
 * Whether a recorded opening counts in the insight: the owner side reading its own file is not
 * news, and an admin's oversight read is kept in the log but not shown to the parties.
 */
export const countsAsInsight = (
  opener: { id: string | null; role: string | null },
  ownerSide: readonly (string | null)[],
) => opener.id !== null && opener.role !== 'admin' && !ownerSide.includes(opener.id);

/** One reader's openings of one document, as counted (the log grouped by reader and kind). */
export interface DocumentViewCount {
  viewer_id: string;
  viewer_name: string;
  company_name: string | null;
  kind: DocumentViewKind;
  count: number;
  last_at: string;
}

/** A document's readers: views and downloads per reader, the most recent reader first. */
export function summariseDocumentViews(counts: readonly DocumentViewCount[]): DocumentViewSummary[] {
  const byViewer = new Map<string, DocumentViewSummary>();
  for (const c of counts) {
    const entry = byViewer.get(c.viewer_id) ?? {
      viewer_name: c.viewer_name,
      company_name: c.company_name,
      views: 0,
      downloads: 0,
      last_viewed_at: c.last_at,
    };
    if (c.kind === 'view') entry.views += c.count;
    else entry.downloads += c.count;
    if (c.last_at > entry.last_viewed_at) entry.last_viewed_at = c.last_at;
    byViewer.set(c.viewer_id, entry);
  }
  return [...byViewer.values()].sort((a, b) => b.last_viewed_at.localeCompare(a.last_viewed_at));
}

// ---------------------------------------------------------------------------------------------
// Uploads and document requests

export const dataRoomMessages = {
  requestNotInDeal: 'That document request is not part of this deal room',
  documentNotInDeal: 'That document is not part of this deal room',
  notYourUpload: 'A request is fulfilled with a file you uploaded yourself',
  documentAlreadyLinked: 'That document already fulfils another request',
  onlyOneRequestId: 'Send at most one request_id',
} as const;

/** POST /deals/{id}/documents: what was stored, what was refused, and the request it fulfilled. */
export const uploadDealDocumentsResponse = z.object({
  uploaded: z.array(dealDocument),
  failed: z.array(z.object({ file_name: z.string(), error: z.string() })),
  document_request: documentRequest.nullable(),
});
export type UploadDealDocumentsResponse = z.infer<typeof uploadDealDocumentsResponse>;

/**
 * PUT /document-requests/{id}/fulfill: a request is fulfilled with an upload: either by uploading
 * against it (POST /deals/{id}/documents with request_id) or, here, by naming a file the fulfilling
 * party already uploaded to the room. Without a document the call is refused.
 */
export const fulfilDocumentRequestBody = z
  .strictObject({ document_id: z.uuid({ error: 'Document not found' }).optional() })
  .nullish();

/** GET /projects/{id}/documents/deal: the files of every deal on a project, for its developer. */
export const projectDealDocument = dealDocument.extend({
  funder_id: z.string(),
  funder_name: z.string(),
  funder_company: z.string().nullable(),
});
export type ProjectDealDocument = z.infer<typeof projectDealDocument>;
export const projectDealDocumentsResponse = z.object({ items: z.array(projectDealDocument) });
