import { myProjectsQuery } from '@plinth/domain/projects';
import { useSearchParams } from 'react-router';
import type { MyProjectsParams, ProjectListTab, ProjectSort } from '../api/list-my-projects';

export const PROJECT_LIST_PAGE_SIZE = 10;

/**
 * /my-projects keeps its tab, sort and page in the address (?tab=drafts&sort=title&page=2), so a
 * reload, a shared link and the back button all return to the same view. Anything unreadable falls
 * back to the defaults (All, Newest First, page 1).
 */
export function useProjectListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = myProjectsQuery.safeParse({
    tab: searchParams.get('tab') ?? undefined,
    sort: searchParams.get('sort') ?? undefined,
    page: searchParams.get('page') ?? undefined,
  });
  const base = parsed.success ? parsed.data : myProjectsQuery.parse({});
  const params: MyProjectsParams = { ...base, limit: PROJECT_LIST_PAGE_SIZE };

  const update = (next: Partial<Pick<MyProjectsParams, 'tab' | 'sort' | 'page'>>) => {
    const merged = { tab: params.tab, sort: params.sort, page: params.page, ...next };
    const search = new URLSearchParams();
    if (merged.tab !== 'all') search.set('tab', merged.tab);
    if (merged.sort !== 'newest') search.set('sort', merged.sort);
    if (merged.page > 1) search.set('page', String(merged.page));
    setSearchParams(search, { replace: true });
  };

  return {
    params,
    // A new tab or sort starts again at page 1.
    setTab: (tab: ProjectListTab) => update({ tab, page: 1 }),
    setSort: (sort: ProjectSort) => update({ sort, page: 1 }),
    setPage: (page: number) => update({ page }),
  };
}
