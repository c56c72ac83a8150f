import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type PortfolioItem, portfolioStatuses, portfolioStatusLabels } from '@plinth/domain/deals';
import { PortfolioDealCard } from './portfolio-deal-card';

const emptyText = {
  approved: 'No project is waiting for you to engage.',
  due_diligence: 'No deal is in due diligence.',
  term_sheet: 'No deal has an accepted quote awaiting completion.',
  funded: 'No deal has been funded yet.',
} as const;

/** The portfolio's deals grouped by stage (spec 000 section 2): approved, due diligence, term sheet, funded. */
export function PortfolioGroups({ items }: { items: readonly PortfolioItem[] }) {
  return (
    <Stack gap="xl">
      {portfolioStatuses.map((status) => {
        const group = items.filter((item) => item.status === status);
        const headingId = `portfolio-${status}`;
        return (
          <Stack key={status} gap="sm" component="section" aria-labelledby={headingId}>
            <Group gap="xs" align="center">
              <Title order={2} fz="lg" id={headingId}>
                {portfolioStatusLabels[status]}
              </Title>
              <Badge variant="light" color="gray" c="gray.8">
                {group.length}
              </Badge>
            </Group>
            {group.length === 0 ? (
              <Text fz="sm" c="gray.7">
                {emptyText[status]}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {group.map((item) => (
                  <PortfolioDealCard key={item.access_request_id} item={item} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
