import { hasMarketplaceAccess } from '@plinth/domain/subscriptions';
import type { Me } from '@plinth/domain/users';
import { PendingAccessBanner } from '../../features/access-requests/components/pending-access-banner';
import { useAdminStats } from '../../features/admin/api/get-admin-stats';
import { OverviewTab } from '../../features/admin/components/overview-tab';
import { AdminDashboard } from '../../features/dashboard/components/admin-dashboard';
import { BorrowerDashboard, NewProjectButton } from '../../features/dashboard/components/borrower-dashboard';
import { DashboardGreeting } from '../../features/dashboard/components/dashboard-greeting';
import { FunderDashboard } from '../../features/dashboard/components/funder-dashboard';
import { FacilitiesPortfolio } from '../../features/facilities/components/facilities-portfolio';
import { useFunderDashboard } from '../../features/marketplace/api/get-funder-dashboard';
import { RecommendedProjects } from '../../features/marketplace/components/recommended-projects';
import { ActiveDeals } from '../../features/portfolio/components/active-deals';
import { useMyProjects } from '../../features/projects/api/list-my-projects';
import { ProjectPortfolio, portfolioParams } from '../../features/projects/components/project-portfolio';
import { SubscribeButton } from '../../features/subscription/components/subscribe-button';
import { SubscriptionSummary } from '../../features/subscription/components/subscription-summary';
import { useMe } from '../../lib/get-me';

export default function DashboardRoute() {
  // The shell's guard renders this page only for a signed-in user with a role.
  const { data: me } = useMe();
  if (!me?.role) return null;

  const role = me.role;
  return (
    <>
      <title>Dashboard | Plinth</title>
      <DashboardGreeting
        name={me.name}
        role={role}
        action={role === 'borrower' ? <NewProjectButton /> : undefined}
      />
      {role === 'borrower' ? (
        <BorrowerHome />
      ) : role === 'funder' ? (
        <FunderHome me={me} />
      ) : role === 'surveyor' ? (
        // The quantity surveyor's work is their facilities' claims (issue 33).
        <FacilitiesPortfolio />
      ) : (
        <AdminHome />
      )}
    </>
  );
}

/** The dashboard's stats and the portfolio's first page of All are one request (the same query key). */
function BorrowerHome() {
  const { data } = useMyProjects(portfolioParams());
  return (
    <>
      {/* Funders waiting on the developer's answer (issue 37 item 12). */}
      <PendingAccessBanner />
      <BorrowerDashboard stats={data?.stats ?? null} portfolio={<ProjectPortfolio />} />
    </>
  );
}

/** The admin's four stat cards: the same GET /admin/stats query (and cards) as the panel's Overview. */
function AdminHome() {
  const stats = useAdminStats();
  return (
    <AdminDashboard
      overview={
        <OverviewTab
          stats={stats.data}
          isLoading={stats.isLoading}
          isError={stats.isError}
          onRetry={() => stats.refetch()}
        />
      }
    />
  );
}

/** The funder's banners, or (with marketplace access) the stats, the plan and the recommendations. */
function FunderHome({ me }: { me: Me }) {
  // The server answers GET /dashboard/funder only for a funder with access: not asked before then.
  const dashboard = useFunderDashboard({ enabled: hasMarketplaceAccess(me) });
  return (
    <FunderDashboard
      isApproved={me.approved}
      subscriptionStatus={me.subscription_status}
      subscriptionPeriodEnd={me.subscription_period_end}
      subscribeAction={<SubscribeButton variant="white" color="navy" />}
      subscriptionSummary={
        <SubscriptionSummary status={me.subscription_status} periodEnd={me.subscription_period_end} />
      }
      stats={dashboard.data ?? null}
      // GET /portfolio: the funder's open deals.
      activeDeals={<ActiveDeals />}
      // The same GET /dashboard/funder query as the stats: one request for both.
      recommended={<RecommendedProjects withHeading={false} />}
    />
  );
}
