import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyProjects } from '../../features/projects/api/list-my-projects';
import { DraftWarning } from '../../features/projects/components/draft-warning';
import { MyProjectsResults } from '../../features/projects/components/my-projects-results';
import { ProjectCardList } from '../../features/projects/components/project-card-list';
import { ProjectListTabs } from '../../features/projects/components/project-list-tabs';
import { ProjectTable } from '../../features/projects/components/project-table';
import { useIsMobile } from '../../features/projects/hooks/use-is-mobile';
import { useProjectListParams } from '../../features/projects/hooks/use-project-list-params';

const filterLabels = { all: 'projects', published: 'published projects', drafts: 'drafts' } as const;

export default function MyProjectsRoute() {
  const { params, setTab, setSort, setPage } = useProjectListParams();
  const query = useMyProjects(params);
  const isMobile = useIsMobile();
  const data = query.data;

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
        <MyProjectsResults
          query={query}
          filterLabel={filterLabels[params.tab]}
          page={params.page}
          onPageChange={setPage}
          paginationSize={isMobile ? 'sm' : 'md'}
        >
          {(projects) =>
            isMobile ? <ProjectCardList projects={projects} /> : <ProjectTable projects={projects} />
          }
        </MyProjectsResults>
      </ProjectListTabs>
    </Stack>
  );
}
