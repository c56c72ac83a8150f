import { api } from '../../../lib/api-client';
import { pageQuery, type ThreadPage } from './thread-page';

/** A page of an access-request conversation (its funder, its developer or an admin may read it). */
export const getConversationMessages = (accessRequestId: string, before?: string) =>
  api<ThreadPage>(`/access-requests/${accessRequestId}/messages?${pageQuery(before)}`);
