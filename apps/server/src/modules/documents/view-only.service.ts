import type { ProjectDocument } from '@plinth/domain/documents';
import { documentRequestMessages } from '@plinth/domain/documents';
import { watermarkMessages } from '@plinth/domain/watermark';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { isOwner } from '../projects/projects.policy';
import * as repo from './documents.repository';
import { toDocumentResponse } from './documents.service';

const documentNotFound = () => notFound(documentRequestMessages.documentNotFound);

/**
 * PATCH /documents/{id} {view_only}: the developer who owns the project marks a PDF view only, or
 * lifts it, at any stage of the listing (a file already shared may be closed to downloads later).
 * Anyone else is told the document does not exist; an office file or image cannot be view only.
 */
export async function setViewOnly(
  db: Db,
  options: { viewer: Viewer; documentId: string; viewOnly: boolean },
): Promise<ProjectDocument> {
  const { viewer, documentId, viewOnly } = options;
  return auditedTransaction(db, async (trx) => {
    const document = await repo.findDocument(trx, documentId);
    if (!document) throw documentNotFound();
    const project = await repo.lockProjectGate(trx, document.project_id);
    if (!project || !isOwner(viewer, project)) throw documentNotFound();
    if (document.mime_type !== 'application/pdf') {
      throw validationFailed([{ field: 'view_only', message: watermarkMessages.onlyPdfViewOnly }]);
    }
    if (document.view_only !== viewOnly) {
      await repo.setViewOnly(trx, document.id, viewOnly);
      await recordAudit(trx, {
        actor: { id: viewer.id, name: viewer.name },
        action: 'document.view_only_changed',
        targetType: 'project',
        targetId: project.id,
        before: { document_id: document.id, file_name: document.file_name, view_only: document.view_only },
        after: { document_id: document.id, view_only: viewOnly },
      });
    }
    return toDocumentResponse({ ...document, view_only: viewOnly }, { viewer, ownerId: project.borrower_id });
  });
}
