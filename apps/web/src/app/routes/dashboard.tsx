import { useMe } from '../../features/auth/api/get-me';
import { AdminDashboard } from '../../features/dashboard/components/admin-dashboard';
import { BorrowerDashboard, NewProjectButton } from '../../features/dashboard/components/borrower-dashboard';
import { DashboardGreeting } from '../../features/dashboard/components/dashboard-greeting';
import { FunderDashboard } from '../../features/dashboard/components/funder-dashboard';

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
        <BorrowerDashboard />
      ) : role === 'funder' ? (
        <FunderDashboard isApproved={me.approved} subscriptionStatus={me.subscription_status} />
      ) : (
        <AdminDashboard />
      )}
    </>
  );
}
