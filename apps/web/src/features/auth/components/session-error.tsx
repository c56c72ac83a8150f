import { Alert, Button, Center, Stack } from '@mantine/core';

/** The session could not be checked (server down, network): say so and offer a retry, never guess. */
export function SessionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" maw={420}>
        <Alert role="alert" color="red" variant="light" c="red.9" title="We could not load your session">
          {message}
        </Alert>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}
