import { type addPartyBody, facilityMessages, type surveyorOnboardingBody } from '@plinth/domain/facilities';
import { isAbn, isAustralianPhone, stripSpaces } from '@plinth/domain/onboarding';
import { sql } from 'kysely';
import type { z } from 'zod';
import { enqueueEmail } from '../../adapters/mail/mail';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, forbidden, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { actorOf, type FacilitiesDeps, facilityChanged, facilityLink, iso } from './facilities.service';
import { facilityForActor, facilityForReader } from './facility-access';

// ---- parties --------------------------------------------------------------------------------

async function listParties(db: Db, facilityId: string) {
  const parties = await db
    .selectFrom('facility_party as fp')
    .innerJoin('user as u', 'u.id', 'fp.user_id')
    .leftJoin('profile as pr', 'pr.user_id', 'u.id')
    .select(['fp.user_id', 'u.name', 'u.email', 'pr.company_name', 'fp.role', 'fp.created_at'])
    .where('fp.facility_id', '=', facilityId)
    .orderBy('fp.created_at')
    .execute();
  const invites = await db
    .selectFrom('facility_invite')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .orderBy('created_at')
    .execute();
  return {
    parties: parties.map((p) => ({
      user_id: p.user_id,
      name: p.name,
      email: p.email,
      company_name: p.company_name ?? null,
      role: p.role,
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      created_at: iso(i.created_at)!,
      accepted_at: iso(i.accepted_at),
    })),
  };
}

export async function getParties(db: Db, options: { viewer: Viewer; facilityId: string }) {
  await facilityForReader(db, options.viewer, options.facilityId);
  return listParties(db, options.facilityId);
}

/**
 * POST /facilities/{id}/parties {role, email}: the funder appoints the quantity surveyor or adds a
 * co-funder. A person already signed up with the matching role is added at once; anyone else is
 * invited by e-mail and becomes a party when they sign up (a surveyor through the surveyor
 * onboarding). Someone signed up with another role cannot be added in this one (409).
 */
export async function addParty(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof addPartyBody> },
) {
  const { db } = deps;
  const { viewer, body } = options;
  const email = body.email.trim().toLowerCase();
  return auditedTransaction(db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder'], { lock: true });
    if (facility.status === 'repaid') throw conflict('This facility is repaid and can no longer change');
    const project = await trx
      .selectFrom('project')
      .select('title')
      .where('id', '=', facility.project_id)
      .executeTakeFirstOrThrow();
    const user = await trx
      .selectFrom('user')
      .select(['id', 'name', 'role'])
      .where(sql`lower(email)`, '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const wantedRole = body.role === 'surveyor' ? 'surveyor' : 'funder';
    // Signed up but no role chosen yet: invited like someone new (they join at onboarding).
    if (user && user.role !== null) {
      if (user.role !== wantedRole) throw conflict(facilityMessages.inviteRole);
      const inserted = await trx
        .insertInto('facility_party')
        .values({ facility_id: facility.id, user_id: user.id, role: body.role, added_by: viewer.id })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) throw conflict(facilityMessages.alreadyParty);
      await recordAudit(trx, {
        actor: actorOf(viewer),
        action: 'facility.party_added',
        targetType: 'facility',
        targetId: facility.id,
        after: { user_id: user.id, role: body.role },
      });
      await notify(trx, {
        userId: user.id,
        type: 'system',
        relatedId: facility.id,
        message: `You were added to the facility for "${project.title}" as ${body.role === 'surveyor' ? 'its quantity surveyor' : 'a co-funder'}.`,
        email: {
          subject: `You were added to the facility for "${project.title}"`,
          text: `You were added to the facility for "${project.title}" as ${body.role === 'surveyor' ? 'its quantity surveyor' : 'a co-funder'}.\n\nOpen it: ${facilityLink(deps, facility.id)}`,
        },
      });
      await facilityChanged(trx, facility.id, 'parties');
      const { parties } = await listParties(trx, facility.id);
      return {
        status: 'added' as const,
        party: parties.find((p) => p.user_id === user.id) ?? null,
        invite: null,
      };
    }
    const invite = await trx
      .insertInto('facility_invite')
      .values({ facility_id: facility.id, email, role: body.role, invited_by: viewer.id })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!invite) throw conflict(facilityMessages.alreadyInvited);
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.party_invited',
      targetType: 'facility',
      targetId: facility.id,
      after: { email, role: body.role },
    });
    const signUp = new URL(
      `/sign-up?role=${body.role === 'surveyor' ? 'surveyor' : 'funder'}&email=${encodeURIComponent(email)}`,
      deps.config.BASE_URL,
    ).toString();
    await enqueueEmail(trx, {
      to: email,
      subject: `You are invited to the facility for "${project.title}" on Plinth`,
      text:
        `Hello,\n\n${viewer.name} invited you to the construction facility for "${project.title}" on Plinth as ` +
        `${body.role === 'surveyor' ? 'its quantity surveyor: you will inspect and certify the progress claims' : 'a co-funder'}.\n\n` +
        `Sign up with this e-mail address to join: ${signUp}\n`,
    });
    await facilityChanged(trx, facility.id, 'parties');
    return {
      status: 'invited' as const,
      party: null,
      invite: {
        id: invite.id,
        email: invite.email,
        role: invite.role,
        created_at: iso(invite.created_at)!,
        accepted_at: null,
      },
    };
  });
}

/**
 * POST /surveyor/onboarding: a person invited as a facility's quantity surveyor takes the role
 * `surveyor` (no subscription, nothing to approve) with a short profile — company, ABN, phone — and
 * becomes a party to every facility that invited their e-mail address. Called again, it updates the
 * profile. Anyone without such an invite, or with another role already, is refused.
 */
export async function surveyorOnboarding(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; body: z.output<typeof surveyorOnboardingBody> },
) {
  const { db } = deps;
  const { viewer, body } = options;
  const issues = [];
  if (!isAbn(body.abn))
    issues.push({ field: 'abn', message: body.abn.trim() ? 'Invalid ABN format' : 'ABN is required' });
  if (!isAustralianPhone(body.phone))
    issues.push({
      field: 'phone',
      message: body.phone.trim() ? 'Invalid phone number format' : 'Phone number is required',
    });
  if (issues.length > 0) throw validationFailed(issues);
  return auditedTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('user')
      .select(['id', 'email', 'role'])
      .where('id', '=', viewer.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const email = user.email.toLowerCase();
    if (user.role !== null && user.role !== 'surveyor') throw conflict(facilityMessages.roleChosen);
    if (user.role === null) {
      const invite = await trx
        .selectFrom('facility_invite')
        .select('id')
        .where('email', '=', email)
        .where('role', '=', 'surveyor')
        .executeTakeFirst();
      if (!invite) throw forbidden(facilityMessages.noInvite);
      await trx
        .updateTable('user')
        .set({ role: 'surveyor', approved: true, updated_at: sql`now()` })
        .where('id', '=', user.id)
        .execute();
    }
    const profile = {
      company_name: body.company_name.trim(),
      abn: stripSpaces(body.abn),
      phone: stripSpaces(body.phone),
    };
    await trx
      .insertInto('profile')
      .values({ user_id: user.id, company_type: 'Quantity surveyor', ...profile })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...profile, updated_at: sql`now()` }))
      .execute();
    const invites = await trx
      .selectFrom('facility_invite')
      .select(['id', 'facility_id'])
      .where('email', '=', email)
      .where('role', '=', 'surveyor')
      .where('accepted_at', 'is', null)
      .execute();
    for (const invite of invites) {
      await trx
        .insertInto('facility_party')
        .values({ facility_id: invite.facility_id, user_id: user.id, role: 'surveyor', added_by: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .updateTable('facility_invite')
        .set({ accepted_by: user.id, accepted_at: sql`now()` })
        .where('id', '=', invite.id)
        .execute();
      await facilityChanged(trx, invite.facility_id, 'parties');
    }
    const facilities = await trx
      .selectFrom('facility_party')
      .select('facility_id')
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    return {
      role: 'surveyor' as const,
      ...profile,
      facility_ids: facilities.map((f) => f.facility_id),
    };
  });
}

/**
 * A co-funder invited before they signed up joins when they first read their facilities: an
 * approved funder whose e-mail was invited becomes a party of each inviting facility.
 */
export async function acceptFunderInvites(db: Db, viewer: Viewer) {
  if (viewer.role !== 'funder') return;
  const email = viewer.email.toLowerCase();
  const invites = await db
    .selectFrom('facility_invite')
    .select(['id', 'facility_id'])
    .where('email', '=', email)
    .where('role', '=', 'co_funder')
    .where('accepted_at', 'is', null)
    .execute();
  if (invites.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const invite of invites) {
      await trx
        .insertInto('facility_party')
        .values({ facility_id: invite.facility_id, user_id: viewer.id, role: 'co_funder', added_by: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .updateTable('facility_invite')
        .set({ accepted_by: viewer.id, accepted_at: sql`now()` })
        .where('id', '=', invite.id)
        .execute();
    }
  });
}
