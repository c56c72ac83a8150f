import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import type { ProjectPreview } from '@plinth/domain/marketplace';
import { previewPlace, previewSize, previewStage } from '../utils/preview-labels';

/** The preview fields a funder sees before access: suburb, stage, loan amount, type and size. */
export function PreviewFacts({ preview }: { preview: ProjectPreview }) {
  const facts = [
    { label: 'Suburb', value: previewPlace(preview) },
    { label: 'Development stage', value: previewStage(preview.development_stage) },
    { label: 'Loan amount', value: formatAud(preview.loan_amount) },
    { label: 'Property type', value: preview.property_type },
    { label: 'Project size', value: previewSize(preview.project_size_sqm) },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {facts.map((fact) => (
        <Stack key={fact.label} gap={2}>
          <Text component="dt" fz="xs" fw={600} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {fact.label}
          </Text>
          <Text component="dd" m={0} fw={600} c="dark.8">
            {fact.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
