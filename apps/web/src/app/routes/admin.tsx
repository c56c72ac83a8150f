import { AdminPanel } from '../../features/admin/components/admin-panel';

/** /admin: the admin panel (the shell's guard lets only admins in). */
export default function AdminRoute() {
  return (
    <>
      <title>Admin Dashboard | Plinth</title>
      <AdminPanel />
    </>
  );
}
