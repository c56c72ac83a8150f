import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCards } from './stat-cards';

/** Project figures come with project listings (a later issue); until then a borrower has none. */
export function BorrowerDashboard() {
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <StatCards
          stats={[
            { title: 'ACTIVE PROJECTS', value: '0' },
            { title: 'TOTAL FUNDING SOUGHT', value: formatAud(0) },
            { title: 'DRAFTS', value: '0' },
          ]}
        />
        <Text fz="sm" c="gray.7">
          Your figures appear here once you list projects.
        </Text>
      </Stack>
      <section aria-labelledby="portfolio-heading">
        <Title order={2} fz="xl" mb="md" id="portfolio-heading">
          Your Portfolio
        </Title>
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={48} radius="xl" variant="light" color="navy">
              <IconBuildingSkyscraper aria-hidden size={26} />
            </ThemeIcon>
            <Text fw={600}>No projects yet</Text>
            <Text c="gray.7" maw={420}>
              Create your first project listing to start connecting with funders across Australia.
            </Text>
            <Button component={Link} to="/create-project" variant="light" c="navy.9">
              Create your first project
            </Button>
          </Stack>
        </Paper>
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
