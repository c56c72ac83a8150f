import { type MantineSize, Stack } from '@mantine/core';
import type { MyProjectsResponse } from '@plinth/domain/projects';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { PagePagination } from '../../../components/page-pagination';
import { ProjectsEmptyState } from './projects-empty-state';

interface MyProjectsResultsProps {
  query: UseQueryResult<MyProjectsResponse>;
  /** What the empty state calls the selected filter: 'drafts', 'live projects'. */
  filterLabel: string;
  page: number;
  onPageChange: (page: number) => void;
  paginationSize?: MantineSize;
  /** The page's projects, as a table or as cards. */
  children: (projects: MyProjectsResponse['items']) => ReactNode;
}

/**
 * One page of the developer's own projects (My Projects, and the dashboard's portfolio): loading,
 * failed, empty, or the projects with the pages below them.
 */
export function MyProjectsResults({
  query,
  filterLabel,
  page,
  onPageChange,
  paginationSize,
  children,
}: MyProjectsResultsProps) {
  if (query.isPending) {
    return <LoadingBlock label="Loading projects" />;
  }
  if (query.isError) {
    return <LoadFailedAlert title="Failed to load projects">{query.error.message}</LoadFailedAlert>;
  }
  const data = query.data;
  if (data.items.length === 0) {
    return <ProjectsEmptyState hasAnyProject={data.counts.all > 0} filterLabel={filterLabel} />;
  }
  const pageCount = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <Stack gap="lg">
      {children(data.items)}
      <PagePagination page={page} pageCount={pageCount} onChange={onPageChange} size={paginationSize} />
    </Stack>
  );
}
