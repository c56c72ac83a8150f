import { Alert, Button, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import type { AdminStats } from '../api/get-admin-stats';

interface OverviewTabProps {
  stats: AdminStats | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** Four stat cards (spec 001 section 2.3). */
export function OverviewTab({ stats, isLoading, isError, onRetry }: OverviewTabProps) {
  if (isError && !stats)
    return (
      <Alert color="red" variant="light" c="red.9" title="Failed to fetch admin data" role="alert">
        <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );

  const cards = [
    { title: 'Total Users', value: stats?.total_users.toLocaleString('en-AU') },
    { title: 'Total Projects', value: stats?.total_projects.toLocaleString('en-AU') },
    { title: 'Active Projects', value: stats?.active_projects.toLocaleString('en-AU') },
    { title: 'Total Revenue', value: stats && formatAud(stats.total_revenue) },
  ];

  return (
    <section aria-labelledby="admin-overview-heading">
      <Title id="admin-overview-heading" order={2} fz="lg" mb="md">
        Overview
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {cards.map((card) => (
          <Paper key={card.title} withBorder radius="md" p="lg">
            <Text fz="sm" fw={600} c="dimmed">
              {card.title}
            </Text>
            {isLoading || card.value === undefined ? (
              <Skeleton height={34} mt={4} width="60%" aria-hidden />
            ) : (
              <Text fz={28} fw={700} c="navy.9" mt={4}>
                {card.value}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
