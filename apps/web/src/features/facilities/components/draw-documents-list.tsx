import { Anchor, List, Stack, Title } from '@mantine/core';
import type { Draw } from '@plinth/domain/facilities';

const kindLabels: Record<Draw['documents'][number]['kind'], string> = {
  builders_claim: "Builder's claim",
  invoice: 'Invoice',
  supporting_statement: 'Supporting statement',
  other: 'Other',
};

/** Where a draw's file is downloaded: stamped for every reader but its uploader and admins (decision 063). */
export const drawDocumentHref = (drawId: string, documentId: string) =>
  `/api/draws/${encodeURIComponent(drawId)}/documents/${encodeURIComponent(documentId)}`;

/**
 * A draw's files for every party of the facility, the quantity surveyor above all (who is no party
 * of the deal room the files were uploaded to): each one opens through the draw.
 */
export function DrawDocumentsList({ draw }: { draw: Draw }) {
  if (draw.documents.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="draw-documents">
      <Title order={3} fz="md" id="draw-documents">
        Documents
      </Title>
      <List size="sm" spacing={2}>
        {draw.documents.map((doc) => (
          <List.Item key={doc.document_id}>
            {kindLabels[doc.kind]}:{' '}
            <Anchor href={drawDocumentHref(draw.id, doc.document_id)} download={doc.file_name}>
              {doc.file_name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
