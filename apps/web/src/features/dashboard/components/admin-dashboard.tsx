import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AdminDashboardProps {
  /** The four stat cards (spec 001 Overview), composed in by the route from features/admin. */
  overview: ReactNode;
}

/**
 * Spec 000 section 2 (Dashboard, admin): total users, total projects, active projects and total
 * revenue, then the way into the admin panel.
 */
export function AdminDashboard({ overview }: AdminDashboardProps) {
  return (
    <Stack gap="xl">
      {overview}
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="xl">
            Administration
          </Title>
          <Text c="gray.7">Approve people and projects, review payments and message users.</Text>
          <Button component={Link} to="/admin">
            Open Admin Dashboard
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
