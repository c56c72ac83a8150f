import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { Link } from 'react-router';

interface ProjectsEmptyStateProps {
  /** No projects at all (the spec's 'No projects yet'), or none in the selected filter. */
  hasAnyProject: boolean;
  filterLabel?: string;
}

export function ProjectsEmptyState({ hasAnyProject, filterLabel = 'projects' }: ProjectsEmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="navy">
          <IconBuildingSkyscraper aria-hidden size={26} />
        </ThemeIcon>
        {hasAnyProject ? (
          <>
            <Text fw={600}>No {filterLabel} yet</Text>
            <Text c="gray.7" maw={420}>
              Projects appear here as their status changes.
            </Text>
          </>
        ) : (
          <>
            <Text fw={600}>No projects yet</Text>
            <Text c="gray.7" maw={420}>
              Create your first project listing to start connecting with funders across Australia.
            </Text>
            <Button component={Link} to="/create-project" variant="light" c="navy.9">
              Create your first project
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
