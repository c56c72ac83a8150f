import { Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';

// Names for paths whose first segment does not read well on its own.
const titles: Record<string, string> = {
  projects: 'Marketplace',
  project: 'Project',
  'broker-ai': 'BrokerAI Assistant',
  profile: 'My Profile',
  deals: 'Deal Room',
  admin: 'Admin Dashboard',
};

const titleCase = (segment: string) =>
  segment
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

function titleFor(pathname: string) {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'project' && segments[2] === 'deal') return 'Deal Room';
  if (segments[0] === 'project' && segments[2] === 'edit') return 'Edit Project';
  const first = segments[0] ?? '';
  return titles[first] ?? (titleCase(first) || 'Plinth');
}

/** A placeholder for signed-in routes that later issues build. */
export default function ComingSoonRoute() {
  const { pathname } = useLocation();
  const title = titleFor(pathname);
  return (
    <Stack gap="lg">
      <title>{`${title} | Plinth`}</title>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Text fw={600}>Coming soon</Text>
        <Text c="gray.7">This part of Plinth is on its way.</Text>
      </Paper>
    </Stack>
  );
}
