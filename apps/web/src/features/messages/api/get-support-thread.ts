import { api } from '../../../lib/api-client';
import { pageQuery, type ThreadPage } from './thread-page';

/** A page of the viewer's own thread with the admins; the latest page marks their replies read. */
export const getSupportThread = (before?: string) => api<ThreadPage>(`/messages/admin?${pageQuery(before)}`);
