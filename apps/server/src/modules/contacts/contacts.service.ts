import { type ContactResponse, dealMessages, type shareContactBody } from '@plinth/domain/deals';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, forbidden, notFound } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';

/**
 * Contact sharing between a deal's parties (spec 000 sections 2 and 7). A person shares their own
 * contact details with the other party of one of their deals; the other party may then read them
 * (GET /users/{id}/contact), and no one else. Sharing is kept as a standing permission.
 */

/** Whether `ownerId` has shared their contact details with `withId` (decision 042). */
export async function hasSharedContact(db: Db, ownerId: string, withId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contact_share')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('target_user_id', '=', withId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The deals between two people, either way round: sharing is allowed only across one of them. */
const dealsBetween = (db: Db, a: string, b: string) =>
  db
    .selectFrom('deal')
    .innerJoin('access_request as ar', 'ar.id', 'deal.access_request_id')
    .select(['deal.id', 'ar.status as access_status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('deal.borrower_id', '=', a), eb('deal.funder_id', '=', b)]),
        eb.and([eb('deal.funder_id', '=', a), eb('deal.borrower_id', '=', b)]),
      ]),
    )
    .orderBy('deal.created_at', 'desc')
    .execute();

/**
 * POST /users/share-contact {user_id, target_user_id}: the caller shares their own details (user_id
 * must be the caller) with the other party of one of their deals; anyone else is refused (403).
 * Sharing twice changes nothing. The other party's open rooms hear of it.
 */
export async function shareContact(
  db: Db,
  options: { viewer: Viewer; body: z.output<typeof shareContactBody> },
): Promise<{ shared: true; target_user_id: string }> {
  const { viewer, body } = options;
  if (body.user_id !== viewer.id) throw forbidden(dealMessages.shareNotAllowed);
  const all = await dealsBetween(db, viewer.id, body.target_user_id);
  if (all.length === 0) throw forbidden(dealMessages.shareNotAllowed);
  // A room whose funder's access was revoked or lapsed is read-only: no sharing (issue 37 item 11).
  const deals = all.filter((deal) => deal.access_status !== 'revoked');
  if (deals.length === 0) throw conflict(dealMessages.accessRevoked);
  await auditedTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('contact_share')
      .values({ user_id: viewer.id, target_user_id: body.target_user_id, deal_id: deals[0]!.id })
      .onConflict((oc) => oc.constraint('contact_share_pair_unique').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return; // shared before
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'contact.shared',
      targetType: 'user',
      targetId: body.target_user_id,
      after: { shared_by: viewer.id, deal_id: deals[0]!.id },
    });
    for (const deal of deals)
      await publishLiveEvent(trx, [body.target_user_id], {
        type: 'deal',
        deal_id: deal.id,
        change: 'contact',
      });
  });
  return { shared: true, target_user_id: body.target_user_id };
}

/**
 * GET /users/{id}/contact: a person's contact details, only for someone they shared them with;
 * for anyone else (and for an id that does not exist) 404 'Contact details have not been shared
 * with you', so the answer says nothing about who exists.
 */
export async function getContact(
  db: Db,
  options: { viewer: Viewer; userId: string },
): Promise<ContactResponse> {
  const row = await db
    .selectFrom('contact_share as share')
    .innerJoin('user as owner', 'owner.id', 'share.user_id')
    .leftJoin('profile', 'profile.user_id', 'owner.id')
    .select([
      'owner.id',
      'owner.name',
      'owner.email',
      'profile.phone',
      'profile.company_name',
      'profile.linkedin',
    ])
    .where('share.user_id', '=', options.userId)
    .where('share.target_user_id', '=', options.viewer.id)
    // A deleted account's details are gone, whatever was shared before.
    .where(sql<boolean>`owner.deleted_at is null`)
    .executeTakeFirst();
  if (!row) throw notFound(dealMessages.contactNotShared);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    company_name: row.company_name ?? null,
    linkedin: row.linkedin ?? null,
  };
}
