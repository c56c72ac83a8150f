import { Button, Stack, Title } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import type { MyProjectsResponse } from '@plinth/domain/projects';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatCards } from './stat-cards';

interface BorrowerDashboardProps {
  /** From the developer's project list; null while it loads (or if it failed). */
  stats: MyProjectsResponse['stats'] | null;
  /** 'Your Portfolio': the project cards, composed in by the route. */
  portfolio: ReactNode;
}

/** Spec 000 section 2 (Dashboard, borrower): ACTIVE PROJECTS (paid), TOTAL FUNDING SOUGHT, DRAFTS. */
export function BorrowerDashboard({ stats, portfolio }: BorrowerDashboardProps) {
  const pending = '—';
  return (
    <Stack gap="xl">
      <StatCards
        stats={[
          { title: 'ACTIVE PROJECTS', value: stats ? String(stats.active_projects) : pending },
          {
            title: 'TOTAL FUNDING SOUGHT',
            value: stats ? formatAud(stats.total_funding_sought) : pending,
          },
          { title: 'DRAFTS', value: stats ? String(stats.drafts) : pending },
        ]}
      />
      <section aria-labelledby="portfolio-heading">
        <Title order={2} fz="xl" mb="md" id="portfolio-heading">
          Your Portfolio
        </Title>
        {portfolio}
      </section>
    </Stack>
  );
}

export function NewProjectButton() {
  return (
    <Button component={Link} to="/create-project">
      New Project
    </Button>
  );
}
