import { useMe } from '../../features/auth/api/get-me';
import { AdminDashboard } from '../../features/dashboard/components/admin-dashboard';
import { BorrowerDashboard, NewProjectButton } from '../../features/dashboard/components/borrower-dashboard';
import { DashboardGreeting } from '../../features/dashboard/components/dashboard-greeting';
import { FunderDashboard } from '../../features/dashboard/components/funder-dashboard';
import { useMyProjects } from '../../features/projects/api/list-my-projects';
import { ProjectPortfolio, portfolioParams } from '../../features/projects/components/project-portfolio';

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
        <FunderDashboard isApproved={me.approved} subscriptionStatus={me.subscription_status} />
      ) : (
        <AdminDashboard />
      )}
    </>
  );
}

/** The dashboard's stats and the portfolio's first page of All are one request (the same query key). */
function BorrowerHome() {
  const { data } = useMyProjects(portfolioParams());
  return <BorrowerDashboard stats={data?.stats ?? null} portfolio={<ProjectPortfolio />} />;
}
