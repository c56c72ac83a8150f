import { Alert, Anchor, Breadcrumbs, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { EditProjectWizard } from '../../features/project-wizard/components/edit-project-wizard';
import { useProject } from '../../features/projects/api/get-project';
import { useProjectDocuments } from '../../features/projects/api/get-project-documents';
import { ApiError } from '../../lib/api-client';
import { PageLoader } from '../shell/page-loader';

export default function ProjectEditRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const project = useProject(id);
  const documents = useProjectDocuments(id);

  if (project.isPending) return <PageLoader />;

  if (project.isError) {
    const isNotFound = project.error instanceof ApiError && project.error.status === 404;
    return (
      <Stack maw={880} mx="auto" w="100%">
        <title>Edit Project | Plinth</title>
        <Alert
          color="red"
          variant="light"
          c="red.9"
          role="alert"
          title={isNotFound ? 'Project not found' : undefined}
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {isNotFound
                ? 'This project does not exist or is not yours.'
                : project.error.message || 'Failed to load project'}
            </Text>
            <Button component={Link} to="/my-projects" size="xs" variant="light">
              Back to My Projects
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const { data } = project;
  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <title>{`Edit ${data.title} | Plinth`}</title>
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/my-projects" fz="sm">
          My Projects
        </Anchor>
        <Anchor component={Link} to={`/project/${data.id}`} fz="sm">
          {data.title}
        </Anchor>
        <Text fz="sm" c="gray.7">
          Edit
        </Text>
      </Breadcrumbs>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Edit Project
      </Title>
      <EditProjectWizard
        key={data.id}
        project={data}
        isResubmitRequested={searchParams.get('resubmit') === 'true'}
        documents={{ list: documents.data?.documents ?? [], isLoading: documents.isPending }}
      />
    </Stack>
  );
}
