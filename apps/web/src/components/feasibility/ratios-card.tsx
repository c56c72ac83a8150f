import { Stack, Table, Text } from '@mantine/core';
import type { FeasibilityRatio } from '@plinth/domain/broker-ai/feasibility';
import { FeasibilityCard } from './feasibility-card';
import { RatingBadge } from './rating-badge';

/** Every ratio of the deal beside its Australian norm, rated where a norm applies. */
export function RatiosCard({ ratios }: { ratios: FeasibilityRatio[] }) {
  return (
    <FeasibilityCard
      title="Ratios"
      description="Each ratio against the norm Australian development lenders commonly use; the norms are typical ranges, not any one lender's policy."
    >
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label="Ratios against their norms">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Ratio</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
              <Table.Th scope="col">Rating</Table.Th>
              <Table.Th scope="col">Norm</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ratios.map((ratio) => (
              <Table.Tr key={ratio.key} data-testid={`ratio-${ratio.key}`}>
                <Table.Th scope="row" fw={600}>
                  {ratio.label}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{ratio.display}</Table.Td>
                <Table.Td>
                  <RatingBadge rating={ratio.rating} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text fz="sm">{ratio.norm ?? '—'}</Text>
                    {ratio.normSource && (
                      <Text fz="xs" c="gray.7">
                        Source: {ratio.normSource.source} ({ratio.normSource.sourceKind})
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FeasibilityCard>
  );
}
