import { AdminPanel } from '../../features/admin/components/admin-panel';
import { OverrideDialog } from '../../features/admin/components/override-dialog';
import { useAdminPeopleCounts } from '../../features/admin-people/api/get-admin-users';
import { FundersTab } from '../../features/admin-people/components/funders-tab';
import { PendingFundersPanel } from '../../features/admin-people/components/pending-funders-panel';
import { SubscriptionsTab } from '../../features/admin-people/components/subscriptions-tab';
import { UsersTab } from '../../features/admin-people/components/users-tab';

/**
 * /admin: the admin panel (the shell's guard lets only admins in), with the people tabs of
 * features/admin-people; their Approve Funder goes through the panel's own override dialog.
 */
export default function AdminRoute() {
  // Fetched on every tab: the Users and Subscriptions labels carry its counts.
  const { data: counts } = useAdminPeopleCounts();
  return (
    <>
      <title>Admin Dashboard | Plinth</title>
      <AdminPanel
        people={{
          users: <UsersTab />,
          subscriptions: <SubscriptionsTab />,
          funders: <FundersTab OverrideDialog={OverrideDialog} />,
          pendingFunders: <PendingFundersPanel OverrideDialog={OverrideDialog} />,
        }}
        peopleCounts={counts && { users: counts.users, pendingSubscriptions: counts.pending_subscriptions }}
      />
    </>
  );
}
