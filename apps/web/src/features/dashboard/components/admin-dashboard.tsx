import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function AdminDashboard() {
  return (
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
  );
}
