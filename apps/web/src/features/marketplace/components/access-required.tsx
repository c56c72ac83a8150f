import { Anchor, Breadcrumbs, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProjectPreview } from '@plinth/domain/marketplace';
import { Link } from 'react-router';
import { previewPlace } from '../utils/preview-labels';
import { LockedDetails } from './locked-details';
import { PreviewFacts } from './preview-facts';
import { RequestAccessPanel } from './request-access-panel';

/**
 * Spec 000 section 2 (Project detail): a funder whose access is missing, pending or declined sees
 * 'Access Required' with the preview and the way to ask for the full file.
 */
export function AccessRequired({ preview }: { preview: ProjectPreview }) {
  return (
    <Stack gap="lg">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to="/projects" c="navy.8">
            Marketplace
          </Anchor>
          <Text aria-current="page" c="gray.7">
            {preview.property_type} in {previewPlace(preview)}
          </Text>
        </Breadcrumbs>
      </nav>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Access Required
        </Title>
        <Text c="gray.7">
          The developer shares the full project file with funders they approve. Here is what you can see now.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Project preview
            </Title>
            <PreviewFacts preview={preview} />
          </Stack>
        </Paper>
        <Stack gap="md">
          <LockedDetails />
          <RequestAccessPanel preview={preview} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
