import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Any signed-in address the app has no page for: say so and lead back to the dashboard. */
export default function NotFoundRoute() {
  return (
    <Stack gap="lg">
      <title>Page not found | Plinth</title>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Page not found
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="flex-start">
          <Text c="gray.7">
            There is no page at this address. It may have moved, or the link may be mistyped.
          </Text>
          <Button component={Link} to="/dashboard">
            Back to Dashboard
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
