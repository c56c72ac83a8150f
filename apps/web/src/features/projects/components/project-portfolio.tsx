import { Alert, Center, Loader, Pagination, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type MyProjectsParams, type ProjectListTab, useMyProjects } from '../api/list-my-projects';
import { BorrowerProjectCard } from './borrower-project-card';
import { ProjectsEmptyState } from './projects-empty-state';

const PORTFOLIO_PAGE_SIZE = 9;

const pills: ReadonlyArray<{ value: ProjectListTab; label: string; empty: string }> = [
  { value: 'all', label: 'All', empty: 'projects' },
  { value: 'published', label: 'Live', empty: 'live projects' },
  { value: 'drafts', label: 'Drafts', empty: 'drafts' },
];

/** The query the portfolio makes for a pill and page; the dashboard reads its stats from the first page of All. */
export const portfolioParams = (tab: ProjectListTab = 'all', page = 1): MyProjectsParams => ({
  tab,
  sort: 'newest',
  page,
  limit: PORTFOLIO_PAGE_SIZE,
});

/** 'Your Portfolio' on the borrower dashboard: pills All / Live / Drafts and a card per project. */
export function ProjectPortfolio() {
  const [tab, setTab] = useState<ProjectListTab>('all');
  const [page, setPage] = useState(1);
  const query = useMyProjects(portfolioParams(tab, page));
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const emptyLabel = pills.find((p) => p.value === tab)!.empty;

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading projects" />
      </Center>
    );
  } else if (query.isError) {
    content = (
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
    content = <ProjectsEmptyState hasAnyProject={data!.counts.all > 0} filterLabel={emptyLabel} />;
  } else {
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {data!.items.map((project) => (
            <BorrowerProjectCard key={project.id} project={project} />
          ))}
        </SimpleGrid>
        {pageCount > 1 && (
          <Center>
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
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
    <Tabs
      variant="pills"
      radius="xl"
      value={tab}
      onChange={(value) => {
        const next = pills.find((p) => p.value === value);
        if (!next) return;
        setTab(next.value);
        setPage(1);
      }}
    >
      <Tabs.List aria-label="Filter portfolio" mb="md">
        {pills.map((p) => (
          <Tabs.Tab key={p.value} value={p.value}>
            {p.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={tab}>{content}</Tabs.Panel>
    </Tabs>
  );
}
