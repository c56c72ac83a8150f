import { Alert, Button, Center, Group, Loader, Pagination, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMyProjects } from '../../features/projects/api/list-my-projects';
import { DraftWarning } from '../../features/projects/components/draft-warning';
import { ProjectCardList } from '../../features/projects/components/project-card-list';
import { ProjectListTabs } from '../../features/projects/components/project-list-tabs';
import { ProjectTable } from '../../features/projects/components/project-table';
import { ProjectsEmptyState } from '../../features/projects/components/projects-empty-state';
import { useIsMobile } from '../../features/projects/hooks/use-is-mobile';
import { useProjectListParams } from '../../features/projects/hooks/use-project-list-params';

const filterLabels = { all: 'projects', published: 'published projects', drafts: 'drafts' } as const;

export default function MyProjectsRoute() {
  const { params, setTab, setSort, setPage } = useProjectListParams();
  const query = useMyProjects(params);
  const isMobile = useIsMobile();
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  let list: ReactNode;
  if (query.isPending) {
    list = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading projects" />
      </Center>
    );
  } else if (query.isError) {
    list = (
      <Alert
        color="red"
        variant="light"
        c="red.9"
        title="Failed to load projects"
        icon={<IconAlertCircle aria-hidden />}
      >
        {query.error.message}
      </Alert>
    );
  } else if (data!.items.length === 0) {
    list = <ProjectsEmptyState hasAnyProject={data!.counts.all > 0} filterLabel={filterLabels[params.tab]} />;
  } else {
    list = (
      <Stack gap="lg">
        {isMobile ? <ProjectCardList projects={data!.items} /> : <ProjectTable projects={data!.items} />}
        {pageCount > 1 && (
          <Center>
            <Pagination
              total={pageCount}
              value={params.page}
              onChange={setPage}
              size={isMobile ? 'sm' : 'md'}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
              })}
            />
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <title>My Projects | Plinth</title>
      <Group justify="space-between" align="center" gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          My Projects
        </Title>
        <Button component={Link} to="/create-project" leftSection={<IconPlus aria-hidden size={18} />}>
          New Project
        </Button>
      </Group>
      {data && <DraftWarning draftCount={data.counts.drafts} />}
      <ProjectListTabs
        tab={params.tab}
        sort={params.sort}
        counts={data?.counts}
        onTabChange={setTab}
        onSortChange={setSort}
      >
        {list}
      </ProjectListTabs>
    </Stack>
  );
}
