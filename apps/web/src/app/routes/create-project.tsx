import { Stack, Text, Title } from '@mantine/core';
import { CreateProjectWizard } from '../../features/project-wizard/components/create-project-wizard';

export default function CreateProjectRoute() {
  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <title>Create Project | Plinth</title>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Create Project
        </Title>
        <Text c="gray.7">
          List your development in four steps. It stays a private draft until you publish it.
        </Text>
      </div>
      <CreateProjectWizard />
    </Stack>
  );
}
