import { documentTypeLabel, type ProjectDocument } from '@plinth/domain/documents';
import { DocumentPreviewModal as PreviewModal } from '../../../components/document-preview-modal';

interface DocumentPreviewModalProps {
  document: ProjectDocument | null;
  onClose: () => void;
}

/** A project document's preview, titled by its document type (spec 001 section 2.5). */
export function DocumentPreviewModal({ document, onClose }: DocumentPreviewModalProps) {
  return (
    <PreviewModal document={document} titleOf={(d) => documentTypeLabel(d.document_type)} onClose={onClose} />
  );
}
