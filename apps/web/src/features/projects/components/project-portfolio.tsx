import { SimpleGrid, Tabs } from '@mantine/core';
import { useState } from 'react';
import { type MyProjectsParams, type ProjectListTab, useMyProjects } from '../api/list-my-projects';
import { BorrowerProjectCard } from './borrower-project-card';
import { MyProjectsResults } from './my-projects-results';

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
  const emptyLabel = pills.find((p) => p.value === tab)!.empty;

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
      <Tabs.Panel value={tab}>
        <MyProjectsResults query={query} filterLabel={emptyLabel} page={page} onPageChange={setPage}>
          {(projects) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {projects.map((project) => (
                <BorrowerProjectCard key={project.id} project={project} />
              ))}
            </SimpleGrid>
          )}
        </MyProjectsResults>
      </Tabs.Panel>
    </Tabs>
  );
}
