import { Group, Select, Tabs } from '@mantine/core';
import type { MyProjectsResponse } from '@plinth/domain/projects';
import type { ReactNode } from 'react';
import type { ProjectListTab, ProjectSort } from '../api/list-my-projects';

const tabs: ReadonlyArray<{ value: ProjectListTab; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'drafts', label: 'Drafts' },
];

const sorts: ReadonlyArray<{ value: ProjectSort; label: string }> = [
  { value: 'newest', label: 'Newest First' },
  { value: 'loan_amount', label: 'Loan Amount' },
  { value: 'title', label: 'Title A-Z' },
];

const isTab = (value: string | null): value is ProjectListTab => tabs.some((t) => t.value === value);
const isSort = (value: string | null): value is ProjectSort => sorts.some((s) => s.value === value);

interface ProjectListTabsProps {
  tab: ProjectListTab;
  sort: ProjectSort;
  counts: MyProjectsResponse['counts'] | undefined;
  onTabChange: (tab: ProjectListTab) => void;
  onSortChange: (sort: ProjectSort) => void;
  /** The list for the selected tab. */
  children: ReactNode;
}

/** Spec 000 section 2 (/my-projects): filter tabs with counts, and the three sorts. */
export function ProjectListTabs({
  tab,
  sort,
  counts,
  onTabChange,
  onSortChange,
  children,
}: ProjectListTabsProps) {
  return (
    <Tabs value={tab} onChange={(value) => isTab(value) && onTabChange(value)}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Tabs.List aria-label="Filter projects">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
              {counts ? ` (${counts[t.value]})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Select
          label="Sort by"
          data={sorts as { value: string; label: string }[]}
          value={sort}
          onChange={(value) => isSort(value) && onSortChange(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {/* One panel, the selected tab's: the list is fetched per tab rather than kept for each. */}
      <Tabs.Panel value={tab} pt="lg">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
