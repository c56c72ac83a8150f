import { documentTypeLabel, type ProjectDocument } from '@plinth/domain/documents';
import { useMemo } from 'react';
import { DocumentPreviewModal as PreviewModal } from '../../../components/document-preview-modal';

interface DocumentPreviewModalProps {
  document: ProjectDocument | null;
  onClose: () => void;
}

/** A project document's preview, titled by its document type (spec 001 section 2.5). */
export function DocumentPreviewModal({ document, onClose }: DocumentPreviewModalProps) {
  // A project document can be read as page images (a view-only one only so: decision 049).
  const withPages = useMemo(
    () => document && { ...document, pages_path: `/documents/${document.id}/pages` },
    [document],
  );
  return (
    <PreviewModal
      document={withPages}
      titleOf={(d) => documentTypeLabel(d.document_type)}
      onClose={onClose}
    />
  );
}
