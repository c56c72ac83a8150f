import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { dealRoomPath } from '@plinth/domain/deals';
import { Link } from 'react-router';
import { DownloadFileButton } from '../../../components/download-file-button';
import { formatDate } from '../../../lib/format';
import { useProjectDealDocuments } from '../api/list-project-deal-documents';

/**
 * The files shared in the project's deal rooms, for its developer (GET /projects/{id}/documents/deal,
 * spec 000 section 7): each with its funder, who uploaded it and when, a download and the way into
 * its room. Hidden while there are none.
 */
export function ProjectDealDocuments({ projectId }: { projectId: string }) {
  const files = useProjectDealDocuments(projectId);
  const items = files.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="deal-files-title">
      <Title order={2} fz="lg" id="deal-files-title">
        Files in deal rooms ({items.length})
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((file) => (
          <Paper key={file.id} component="li" withBorder radius="md" p="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Title order={3} fz="sm">
                  {file.file_name}
                </Title>
                <Text fz="xs" c="gray.7">
                  {file.funder_company ?? file.funder_name} · uploaded by {file.uploader_name} on{' '}
                  {formatDate(file.uploaded_at)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Anchor
                  component={Link}
                  to={dealRoomPath({ id: file.deal_id, project_id: projectId })}
                  fz="sm"
                >
                  Open deal room
                </Anchor>
                <DownloadFileButton
                  url={`/api/deals/${encodeURIComponent(file.deal_id)}/documents/${encodeURIComponent(file.id)}`}
                  fileName={file.file_name}
                />
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
