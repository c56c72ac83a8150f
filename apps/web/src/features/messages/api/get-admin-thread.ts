import { api } from '../../../lib/api-client';
import { pageQuery, type ThreadPage } from './thread-page';

/** For admins: a page of one user's thread; the latest page marks the user's messages read. */
export const getAdminThread = (userId: string, before?: string) =>
  api<ThreadPage>(`/admin/messages/${encodeURIComponent(userId)}?${pageQuery(before)}`);
