import { Paper, Text, Title } from '@mantine/core';

/** A tab whose contents arrive with a later release. */
export function ComingLaterPanel({ title, text }: { title: string; text: string }) {
  return (
    <section aria-label={title}>
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed">{text}</Text>
      </Paper>
    </section>
  );
}
