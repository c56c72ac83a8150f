import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RECOMMENDED_LIMIT } from '@plinth/domain/constants';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-states';
import { useFunderDashboard } from '../api/get-funder-dashboard';
import { OpportunityCard } from './opportunity-card';
import { OpportunityGridSkeleton } from './opportunity-grid-skeleton';

interface RecommendedProjectsProps {
  /**
   * Renders its own 'Recommended for You' heading and a link to the marketplace (default). Pass
   * false where the page already gives the section its heading (the funder dashboard's slot).
   */
  withHeading?: boolean;
}

/**
 * 'Recommended for You' (spec 000 section 2, funder dashboard): up to 3 listings the funder has not
 * asked about, ranked by fit with their profile, each with the reason. Render it only for a funder
 * with marketplace access: it reads GET /dashboard/funder (the same query as `useFunderDashboard`,
 * so the dashboard's stats and this list are one request).
 */
export function RecommendedProjects({ withHeading = true }: RecommendedProjectsProps) {
  const headingId = useId();
  const content = <RecommendedContent />;
  if (!withHeading) return content;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="xl" id={headingId}>
          Recommended for You
        </Title>
        <Anchor component={Link} to="/projects" fz="sm" c="navy.8">
          Browse the marketplace
        </Anchor>
      </Group>
      {content}
    </Stack>
  );
}

function RecommendedContent(): ReactNode {
  const query = useFunderDashboard();
  const recommended = query.data?.recommended.slice(0, RECOMMENDED_LIMIT);

  if (query.isPending) {
    return (
      <OpportunityGridSkeleton
        label="Loading recommendations"
        count={RECOMMENDED_LIMIT}
        cols={{ base: 1, sm: 2, md: 3 }}
      />
    );
  }
  if (query.isError) {
    return <LoadFailedAlert title="Failed to load recommendations">{query.error.message}</LoadFailedAlert>;
  }
  if (!recommended || recommended.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="gray.7" fz="sm">
          No new opportunities to recommend right now. New projects appear here as soon as an admin approves
          them.{' '}
          <Anchor component={Link} to="/projects" c="navy.8" fz="sm">
            Browse the marketplace
          </Anchor>
        </Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {recommended.map((item) => (
        <OpportunityCard key={item.id} preview={item} reason={item.reason} />
      ))}
    </SimpleGrid>
  );
}
