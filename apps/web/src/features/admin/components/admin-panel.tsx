import { Badge, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLoadFailedNotice } from '../../../lib/use-load-failed-notice';
import { type AdminProjectsFilter, useAdminProjects } from '../api/get-admin-projects';
import { useAdminStats } from '../api/get-admin-stats';
import { AdminHeader } from './admin-header';
import { AnalyticsTab } from './analytics-tab';
import { ComingLaterPanel } from './coming-later-panel';
import { GodModeTab } from './god-mode-tab';
import { OverviewTab } from './overview-tab';
import { ProjectsTab } from './projects-tab';
import { SettingsTab } from './settings-tab';

const tabs = [
  'overview',
  'projects',
  'users',
  'subscriptions',
  'funders',
  'god-mode',
  'analytics',
  'settings',
] as const;
type AdminTab = (typeof tabs)[number];

const isAdminTab = (value: string | null): value is AdminTab => tabs.includes(value as AdminTab);

const LATER = 'Coming in the funder-access release.';
const PROJECTS_PER_PAGE = 50;

/** The people tabs and God Mode's pending funders (features/admin-people), composed in by the route. */
export interface AdminPeopleSlots {
  users: ReactNode;
  subscriptions: ReactNode;
  funders: ReactNode;
  pendingFunders: ReactNode;
}

interface AdminPanelProps {
  people?: AdminPeopleSlots;
  /** The people tabs' badges: everyone, and subscriptions pending review. */
  peopleCounts?: { users: number; pendingSubscriptions: number };
}

/** The admin panel of spec 001 section 2.3; the open tab is kept in the address (?tab=projects). */
export function AdminPanel({ people, peopleCounts }: AdminPanelProps = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: AdminTab = isAdminTab(tabParam) ? tabParam : 'overview';
  const [filter, setFilter] = useState<AdminProjectsFilter>('all');
  const [page, setPage] = useState(1);

  const stats = useAdminStats();
  // Fetched on every tab: the Projects tab's label carries the pending count.
  const projects = useAdminProjects({ status: filter, page, limit: PROJECTS_PER_PAGE });
  useLoadFailedNotice(stats.isError || projects.isError);

  const pendingCount = projects.data?.pending_review_count ?? 0;
  const userCount = peopleCounts?.users ?? stats.data?.total_users;

  const selectTab = (value: string | null) => {
    if (!isAdminTab(value)) return;
    setSearchParams(value === 'overview' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Stack gap="lg">
      <AdminHeader />
      <Tabs
        value={tab}
        onChange={selectTab}
        keepMounted={false}
        // One scrolling row on narrow screens: tabs keep their width instead of squeezing their counts.
        styles={{ tab: { flexShrink: 0 } }}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab
            value="projects"
            rightSection={<CountBadge count={pendingCount} label="pending review" />}
          >
            Projects
          </Tabs.Tab>
          <Tabs.Tab value="users" rightSection={<CountBadge count={userCount} label="users" isNeutral />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab
            value="subscriptions"
            rightSection={<CountBadge count={peopleCounts?.pendingSubscriptions} label="pending review" />}
          >
            Subscriptions
          </Tabs.Tab>
          <Tabs.Tab value="funders">Funders</Tabs.Tab>
          <Tabs.Tab value="god-mode">God Mode</Tabs.Tab>
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="overview" pt="lg">
          <OverviewTab
            stats={stats.data}
            isLoading={stats.isLoading}
            isError={stats.isError}
            onRetry={() => stats.refetch()}
          />
        </Tabs.Panel>
        <Tabs.Panel value="projects" pt="lg">
          <ProjectsTab
            filter={filter}
            onFilterChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
            onPageChange={setPage}
            data={projects.data}
            isLoading={projects.isLoading}
            isError={projects.isError}
            onRetry={() => projects.refetch()}
          />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="lg">
          {people?.users ?? <ComingLaterPanel title="Users" text={LATER} />}
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions" pt="lg">
          {people?.subscriptions ?? <ComingLaterPanel title="Subscriptions" text={LATER} />}
        </Tabs.Panel>
        <Tabs.Panel value="funders" pt="lg">
          {people?.funders ?? <ComingLaterPanel title="Funders" text={LATER} />}
        </Tabs.Panel>
        <Tabs.Panel value="god-mode" pt="lg">
          <GodModeTab pendingFunders={people?.pendingFunders} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="lg">
          <AnalyticsTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          <SettingsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CountBadge({
  count,
  label,
  isNeutral = false,
}: {
  count: number | undefined;
  label: string;
  isNeutral?: boolean;
}) {
  if (!count) return null;
  return (
    <Badge size="sm" color={isNeutral ? 'gray' : 'yellow'} variant="light" c="dark.7">
      {count}
      <VisuallyHidden> {label}</VisuallyHidden>
    </Badge>
  );
}
