import { revocableAccessStatuses } from '@plinth/domain/access-revocation';
import { z } from 'zod';
import type { Db } from '../../db/database';

/**
 * God Mode's Revoke Access picks a funder and then one of their projects (issue 37 item 6): every
 * granted, not yet funded access, with who holds it and on what. The revocation itself stays on the
 * spec's route, PUT /access-requests/{id}/revoke, with the id this list gives.
 */

export const grantedAccess = z.object({
  access_request_id: z.string(),
  funder_id: z.string(),
  funder_name: z.string(),
  funder_email: z.string(),
  company_name: z.string().nullable(),
  project_id: z.string(),
  project_title: z.string(),
  status: z.enum(revocableAccessStatuses),
  access_until: z.string().nullable(),
});
export type GrantedAccess = z.infer<typeof grantedAccess>;
export const grantedAccessResponse = z.object({ items: z.array(grantedAccess) });

/** Granted access (approved, due diligence, term sheet) by funder name, then project title. */
export async function listGrantedAccess(db: Db): Promise<{ items: GrantedAccess[] }> {
  const rows = await db
    .selectFrom('access_request as ar')
    .innerJoin('user as u', 'u.id', 'ar.funder_id')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .leftJoin('profile as pr', 'pr.user_id', 'ar.funder_id')
    .select([
      'ar.id as access_request_id',
      'ar.funder_id',
      'u.name as funder_name',
      'u.email as funder_email',
      'pr.company_name',
      'ar.project_id',
      'p.title as project_title',
      'ar.status',
      'ar.access_until',
    ])
    .where('ar.status', 'in', [...revocableAccessStatuses])
    .orderBy('u.name')
    .orderBy('p.title')
    .orderBy('ar.id')
    .limit(1000)
    .execute();
  return {
    items: rows.map((r) => ({
      ...r,
      status: r.status as GrantedAccess['status'],
      access_until: r.access_until ? new Date(r.access_until).toISOString() : null,
    })),
  };
}
