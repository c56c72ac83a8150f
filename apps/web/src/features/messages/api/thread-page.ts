import type { adminThreadUser, Message } from '@plinth/domain/access';
import type { z } from 'zod';

/** A message of any conversation; only those in a thread with the admins carry admin_name. */
export type ThreadMessage = Message & { admin_name?: string | null };
export type ThreadUser = z.infer<typeof adminThreadUser>;

/** One page of a conversation, oldest first; `has_more` when older messages exist. */
export interface ThreadPage {
  items: ThreadMessage[];
  has_more: boolean;
  /** The user at the other end of an admin's thread. */
  user?: ThreadUser;
}

/** Messages per page; older ones load on request. */
export const THREAD_PAGE_SIZE = 50;

/** The query string of a page: the latest messages, or those sent before `before`. */
export function pageQuery(before: string | undefined) {
  const params = new URLSearchParams({ limit: String(THREAD_PAGE_SIZE) });
  if (before) params.set('before', before);
  return params.toString();
}
