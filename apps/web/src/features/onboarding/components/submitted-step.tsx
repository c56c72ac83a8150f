import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** Step 3: the profile is with an admin for review. */
export function SubmittedStep({ onGoToDashboard }: { onGoToDashboard: () => void }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack align="center" ta="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCircleCheck aria-hidden size={32} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          Profile Submitted
        </Title>
        <Text c="gray.7" maw={460}>
          Thank you. Your profile is under review, usually within 24 hours. We will let you know as soon as it
          is approved.
        </Text>
        <Button size="md" onClick={onGoToDashboard}>
          Go to Dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
