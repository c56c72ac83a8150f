import { dealMessages } from '@plinth/domain/deals';
import {
  type addPartyBody,
  type createFacilityBody,
  type equityBody,
  type Facility,
  facilityMessages,
  type putBudgetBody,
  type surveyorOnboardingBody,
} from '@plinth/domain/facilities';
import { type BudgetLineInput, checkBudget } from '@plinth/domain/facility/budget';
import { addDays } from '@plinth/domain/facility/dates';
import { type FacilityStatus, nextFacilityStatus } from '@plinth/domain/facility/facility-machine';
import {
  drawnCents,
  equityReceivedJournal,
  establishmentFeeJournal,
  facilityOpenedJournal,
} from '@plinth/domain/facility/ledger';
import { isAuState } from '@plinth/domain/facility/sop-clock';
import { isAbn, isAustralianPhone, stripSpaces } from '@plinth/domain/onboarding';
import { sydneyDate } from '@plinth/domain/proposals';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { z } from 'zod';
import { enqueueEmail } from '../../adapters/mail/mail';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import {
  type FacilityRole,
  type FacilityRow,
  facilityForActor,
  facilityForReader,
  partyIdsOf,
} from './facility-access';
import { facilityBalances, nat, postJournal } from './facility-figures';

export type FacilitiesDeps = Pick<AppDeps, 'db' | 'config'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const actorOf = (viewer: Viewer) => ({ id: viewer.id, name: viewer.name });
export const facilityLink = (deps: FacilitiesDeps, id: string) =>
  new URL(`/facilities/${id}`, deps.config.BASE_URL).toString();

/** Tells every party's open pages that the facility changed (after commit). */
export async function facilityChanged(
  trx: Db,
  facilityId: string,
  change: 'facility' | 'budget' | 'parties' | 'equity' | 'draw' | 'comment' | 'ledger',
  drawId: string | null = null,
) {
  await publishLiveEvent(trx, await partyIdsOf(trx, facilityId), {
    type: 'facility',
    facility_id: facilityId,
    draw_id: drawId,
    change,
  });
}

// ---- reading --------------------------------------------------------------------------------

async function toFacility(db: Db, row: FacilityRow, myRole: FacilityRole): Promise<Facility> {
  const [project, b, budget, nextDue] = await Promise.all([
    db.selectFrom('project').select('title').where('id', '=', row.project_id).executeTakeFirst(),
    facilityBalances(db, row.id),
    db
      .selectFrom('budget_version')
      .select('status')
      .where('facility_id', '=', row.id)
      .where('status', 'in', ['draft', 'approved'])
      .execute(),
    db
      .selectFrom('draw')
      .select('payment_schedule_due')
      .where('facility_id', '=', row.id)
      .where('status', 'in', ['submitted', 'certified', 'approved'])
      .orderBy('payment_schedule_due')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const undrawn = row.activated_on ? nat(b, 'undrawn') : BigInt(row.limit_cents);
  return {
    id: row.id,
    deal_id: row.deal_id,
    project_id: row.project_id,
    project_title: project?.title ?? '',
    state: row.state,
    status: row.status as FacilityStatus,
    limit_cents: row.limit_cents,
    interest_rate_bps: row.interest_rate_bps,
    default_margin_bps: row.default_margin_bps,
    line_fee_bps: row.line_fee_bps,
    establishment_fee_cents: row.establishment_fee_cents,
    close_date: row.close_date,
    maturity_date: row.maturity_date,
    latest_practical_completion_date: row.latest_practical_completion_date,
    capitalise_interest: row.capitalise_interest,
    my_role: myRole,
    drawn_cents: Number(drawnCents(b)),
    undrawn_cents: Number(undrawn),
    equity_received_cents: Number(nat(b, 'equity_contributed')),
    budget_status: budget.some((v) => v.status === 'approved')
      ? 'approved'
      : budget.length > 0
        ? 'draft'
        : 'none',
    next_payment_schedule_due: nextDue?.payment_schedule_due ?? null,
    created_at: iso(row.created_at)!,
  };
}

export async function getFacility(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility, role } = await facilityForReader(db, options.viewer, options.facilityId);
  return toFacility(db, facility, role);
}

const encodeCursor = (createdAt: Date | string, id: string) =>
  Buffer.from(JSON.stringify([new Date(createdAt).toISOString(), id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string')
      return [value[0], value[1]];
  } catch {}
  throw badRequest('The cursor is not one this list gave');
}

/** GET /facilities: the caller's facilities (a party's; an admin's, every one), newest first. */
export async function listFacilities(
  db: Db,
  options: { viewer: Viewer; limit: number; cursor?: string | undefined },
) {
  const { viewer, limit } = options;
  let q = db
    .selectFrom('facility as f')
    .selectAll('f')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit + 1);
  if (viewer.role !== 'admin')
    q = q
      .innerJoin('facility_party as fp', 'fp.facility_id', 'f.id')
      .where('fp.user_id', '=', viewer.id)
      .select('fp.role as party_role');
  if (options.cursor) {
    const [at, id] = decodeCursor(options.cursor);
    q = q.where((eb) =>
      eb.or([
        eb('f.created_at', '<', new Date(at)),
        eb.and([eb('f.created_at', '=', new Date(at)), eb('f.id', '<', id)]),
      ]),
    );
  }
  const rows = (await q.execute()) as (FacilityRow & { party_role?: FacilityRole })[];
  const page = rows.slice(0, limit);
  const items = await Promise.all(page.map((row) => toFacility(db, row, row.party_role ?? 'admin')));
  const last = page.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

// ---- creating and activating ----------------------------------------------------------------

const monthsAfter = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
};

/**
 * POST /deals/{id}/facility: the deal's funder sets up the facility after Complete Deal, from the
 * accepted quote (its amount, rate, fee and term are the defaults); the project's state is the
 * Security of Payment state. One per deal (409 after). The developer and the funder become parties.
 */
export async function createFacility(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; dealId: string; body: z.output<typeof createFacilityBody> },
) {
  const { db } = deps;
  const { viewer, body } = options;
  return db.transaction().execute(async (trx) => {
    const deal = await trx
      .selectFrom('deal')
      .innerJoin('project as p', 'p.id', 'deal.project_id')
      .select([
        'deal.id',
        'deal.status',
        'deal.borrower_id',
        'deal.funder_id',
        'deal.project_id',
        'p.state',
        'p.title',
      ])
      .where('deal.id', '=', options.dealId)
      .forUpdate('deal')
      .executeTakeFirst();
    if (!deal || (deal.funder_id !== viewer.id && deal.borrower_id !== viewer.id))
      throw notFound(dealMessages.notFound);
    if (deal.funder_id !== viewer.id) throw forbidden(facilityMessages.onlyFunder);
    if (deal.status !== 'completed') throw conflict(facilityMessages.dealNotCompleted);
    const existing = await trx
      .selectFrom('facility')
      .select('id')
      .where('deal_id', '=', deal.id)
      .executeTakeFirst();
    if (existing) throw conflict(facilityMessages.exists);
    if (!deal.state || !isAuState(deal.state)) throw conflict(facilityMessages.noState);
    const quote = await trx
      .selectFrom('proposal')
      .select(['loan_amount', 'interest_rate', 'loan_term', 'establishment_fee'])
      .where('deal_id', '=', deal.id)
      .where('status', '=', 'accepted')
      .executeTakeFirst();
    if (!quote) throw conflict(facilityMessages.noAcceptedQuote);
    const closeDate = body.close_date ?? sydneyDate();
    const maturity = body.maturity_date ?? monthsAfter(closeDate, quote.loan_term);
    const values = {
      deal_id: deal.id,
      project_id: deal.project_id,
      borrower_id: deal.borrower_id,
      funder_id: deal.funder_id,
      state: deal.state,
      // The quote is whole dollars and a percentage with two decimals: cents and basis points exactly.
      limit_cents: body.limit_cents ?? Math.round(Number(quote.loan_amount) * 100),
      interest_rate_bps: body.interest_rate_bps ?? Math.round(Number(quote.interest_rate) * 100),
      default_margin_bps: body.default_margin_bps ?? 0,
      line_fee_bps: body.line_fee_bps ?? 0,
      establishment_fee_cents:
        body.establishment_fee_cents ?? Math.round(Number(quote.establishment_fee) * 100),
      close_date: closeDate,
      maturity_date: maturity,
      latest_practical_completion_date: body.latest_practical_completion_date ?? maturity,
      capitalise_interest: body.capitalise_interest ?? true,
      created_by: viewer.id,
    };
    const issues = [];
    if (values.maturity_date <= values.close_date)
      issues.push({ field: 'maturity_date', message: 'The maturity date must be after the close date' });
    if (values.latest_practical_completion_date < values.close_date)
      issues.push({
        field: 'latest_practical_completion_date',
        message: 'The latest practical completion date cannot be before the close date',
      });
    if (issues.length > 0) throw validationFailed(issues);
    const inserted = await trx.insertInto('facility').values(values).returningAll().executeTakeFirstOrThrow();
    await trx
      .insertInto('facility_party')
      .values([
        { facility_id: inserted.id, user_id: deal.borrower_id, role: 'developer', added_by: viewer.id },
        { facility_id: inserted.id, user_id: deal.funder_id, role: 'funder', added_by: viewer.id },
      ])
      .execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.created',
      targetType: 'facility',
      targetId: inserted.id,
      after: { deal_id: deal.id, limit_cents: values.limit_cents, state: values.state },
    });
    await notify(trx, {
      userId: deal.borrower_id,
      type: 'system',
      relatedId: inserted.id,
      message: `Your funder set up the facility for "${deal.title}": add the budget to get it approved.`,
    });
    await facilityChanged(trx, inserted.id, 'facility');
    return toFacility(trx, inserted, 'funder');
  });
}

/**
 * POST /facilities/{id}/activate: the funder opens the facility once the budget is approved; its
 * ledger opens with the limit and the establishment fee (capitalised), dated the close date.
 */
export async function activateFacility(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string },
) {
  const { db } = deps;
  return db.transaction().execute(async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    const move = nextFacilityStatus(facility.status as FacilityStatus, 'activate');
    if (!move.ok) throw conflict(move.message);
    const approved = await trx
      .selectFrom('budget_version')
      .select('id')
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (!approved) throw conflict(facilityMessages.budgetNotApproved);
    const on = facility.close_date;
    const limit = BigInt(facility.limit_cents);
    await postJournal(trx, {
      facilityId: facility.id,
      journal: facilityOpenedJournal(limit),
      effectiveOn: on,
      memo: 'Facility opened',
      createdBy: options.viewer.id,
    });
    if (facility.establishment_fee_cents > 0)
      await postJournal(trx, {
        facilityId: facility.id,
        journal: establishmentFeeJournal({
          amount_cents: BigInt(facility.establishment_fee_cents),
          undrawn_cents: limit,
        }),
        effectiveOn: on,
        memo: 'Establishment fee',
        createdBy: options.viewer.id,
      });
    const updated = await trx
      .updateTable('facility')
      .set({ status: move.status, activated_on: on, updated_at: sql`now()` })
      .where('id', '=', facility.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'facility.activated',
      targetType: 'facility',
      targetId: facility.id,
      before: { status: facility.status },
      after: { status: move.status },
    });
    await facilityChanged(trx, facility.id, 'facility');
    return toFacility(trx, updated, 'funder');
  });
}

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
  return db.transaction().execute(async (trx) => {
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
  return db.transaction().execute(async (trx) => {
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

// ---- budget ---------------------------------------------------------------------------------

async function readVersion(
  db: Db,
  version: { id: string; version: number; status: string; created_at: Date; approved_at: Date | null },
) {
  const lines = await db
    .selectFrom('budget_version_line as vl')
    .innerJoin('budget_line as l', 'l.id', 'vl.budget_line_id')
    .select(['l.id', 'l.code', 'vl.name', 'vl.category', 'vl.amount_cents', 'vl.funded_by'])
    .where('vl.budget_version_id', '=', version.id)
    .orderBy('vl.position')
    .execute();
  return {
    id: version.id,
    version: version.version,
    status: version.status as 'draft' | 'approved' | 'superseded',
    total_cents: lines.reduce((sum, l) => sum + l.amount_cents, 0),
    created_at: iso(version.created_at)!,
    approved_at: iso(version.approved_at),
    lines: lines.map((l) => ({ ...l, category: l.category as 'land' })),
  };
}

export async function getBudget(db: Db, options: { viewer: Viewer; facilityId: string }) {
  await facilityForReader(db, options.viewer, options.facilityId);
  const versions = await db
    .selectFrom('budget_version')
    .select(['id', 'version', 'status', 'created_at', 'approved_at'])
    .where('facility_id', '=', options.facilityId)
    .orderBy('version', 'desc')
    .execute();
  const approved = versions.find((v) => v.status === 'approved');
  const draft = versions.find((v) => v.status === 'draft');
  return {
    approved: approved ? await readVersion(db, approved) : null,
    draft: draft ? await readVersion(db, draft) : null,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      status: v.status,
      total_cents: 0,
      created_at: iso(v.created_at)!,
      approved_at: iso(v.approved_at),
    })),
  };
}

/**
 * Saves `lines` as the facility's draft budget (a new version; an existing draft is replaced, an
 * approved version never changes). Every problem of every line is reported at once (400). A line
 * that draws already claimed cannot be left out, and keeps its code.
 */
async function saveDraft(
  deps: FacilitiesDeps,
  viewer: Viewer,
  facilityId: string,
  lines: BudgetLineInput[],
  rowLabel: (index: number) => string = (i) => `lines.${i}`,
) {
  const errors = checkBudget(lines);
  if (errors.length > 0)
    throw validationFailed(
      errors.map((e) => ({
        field: e.index < 0 ? 'lines' : `${rowLabel(e.index)}.${e.field}`,
        message: e.message,
      })),
    );
  return deps.db.transaction().execute(async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, facilityId, ['developer', 'funder'], {
      lock: true,
    });
    if (facility.status === 'repaid') throw conflict('This facility is repaid and can no longer change');
    const codes = lines.map((l) => l.code.trim());
    const claimed = await trx
      .selectFrom('draw_line as dl')
      .innerJoin('draw as d', 'd.id', 'dl.draw_id')
      .innerJoin('budget_line as l', 'l.id', 'dl.budget_line_id')
      .select('l.code')
      .distinct()
      .where('d.facility_id', '=', facility.id)
      .where('d.status', '<>', 'cancelled')
      .execute();
    const missing = claimed.filter((c) => !codes.some((code) => code.toLowerCase() === c.code.toLowerCase()));
    if (missing.length > 0)
      throw conflict(
        `Lines that draws have claimed cannot be removed: ${missing.map((m) => m.code).join(', ')}`,
      );
    await trx
      .deleteFrom('budget_version')
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'draft')
      .execute();
    const { max } = await trx
      .selectFrom('budget_version')
      .select(sql<number>`coalesce(max(version), 0)`.as('max'))
      .where('facility_id', '=', facility.id)
      .executeTakeFirstOrThrow();
    const version = await trx
      .insertInto('budget_version')
      .values({ facility_id: facility.id, version: Number(max) + 1, created_by: viewer.id })
      .returning(['id', 'version', 'status', 'created_at', 'approved_at'])
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('budget_line')
      .select(['id', 'code'])
      .where('facility_id', '=', facility.id)
      .execute();
    const idOf = new Map(existing.map((e) => [e.code.toLowerCase(), e.id]));
    for (const [position, line] of lines.entries()) {
      const code = line.code.trim();
      let id = idOf.get(code.toLowerCase());
      if (!id) {
        ({ id } = await trx
          .insertInto('budget_line')
          .values({ facility_id: facility.id, code })
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      await trx
        .insertInto('budget_version_line')
        .values({
          budget_version_id: version.id,
          budget_line_id: id,
          position,
          name: line.name.trim(),
          category: line.category,
          amount_cents: Number(line.amount_cents),
          funded_by: line.funded_by as 'debt' | 'equity',
        })
        .execute();
    }
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.budget_saved',
      targetType: 'facility',
      targetId: facility.id,
      after: { version: version.version, lines: lines.length },
    });
    await facilityChanged(trx, facility.id, 'budget');
    return readVersion(trx, version);
  });
}

export const putBudget = (
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof putBudgetBody> },
) => saveDraft(deps, options.viewer, options.facilityId, options.body.lines);

const csvColumns = ['code', 'name', 'category', 'amount_cents', 'funded_by'] as const;

/**
 * POST /facilities/{id}/budget/import: a CSV with a header row naming the columns code, name,
 * category, amount_cents (or amount, in dollars with up to two decimals), funded_by. Every row's
 * problems come back at once, named by the CSV's row number (the header is row 1).
 */
export async function importBudget(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; csv: string },
) {
  // Whoever may not write the budget is refused before their file is read.
  await facilityForActor(deps.db, options.viewer, options.facilityId, ['developer', 'funder']);
  let records: Record<string, string>[];
  try {
    records = parseCsv(options.csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 10_000,
    });
  } catch (error) {
    throw badRequest(`The CSV could not be read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest('The CSV has no rows under its header');
  const header = Object.keys(records[0]!);
  const wanted = csvColumns.filter((c) => c !== 'amount_cents');
  const missing = wanted.filter((c) => !header.includes(c));
  if (!header.includes('amount_cents') && !header.includes('amount')) missing.push('amount_cents' as never);
  if (missing.length > 0) throw badRequest(`The CSV is missing the column(s): ${missing.join(', ')}`);
  const amountIssues: { field: string; message: string }[] = [];
  const lines: BudgetLineInput[] = records.map((r, index) => {
    let amount: string | number = r.amount_cents ?? '';
    if (r.amount_cents === undefined) {
      const text = (r.amount ?? '').replace(/[$,\s]/g, '');
      const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(text);
      if (match) amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
      else {
        amountIssues.push({
          field: `row ${index + 2}.amount`,
          message: `Row ${index + 2}: the amount must be dollars with at most two decimals`,
        });
        amount = 1;
      }
    }
    return {
      code: r.code ?? '',
      name: r.name ?? '',
      category: (r.category ?? '').toLowerCase().replace(/\s+/g, '_'),
      amount_cents: amount,
      funded_by: (r.funded_by ?? '').toLowerCase(),
    };
  });
  const errors = checkBudget(lines);
  if (errors.length > 0 || amountIssues.length > 0)
    throw validationFailed([
      ...amountIssues,
      ...errors.map((e) => ({
        field: e.index < 0 ? 'lines' : `row ${e.index + 2}.${e.field}`,
        message: e.index < 0 ? e.message : e.message.replace(/^Line \d+/, `Row ${e.index + 2}`),
      })),
    ]);
  return { draft: await saveDraft(deps, options.viewer, options.facilityId, lines) };
}

/** POST /facilities/{id}/budget/approve: the funder approves the draft; the last approved is superseded. */
export async function approveBudget(deps: FacilitiesDeps, options: { viewer: Viewer; facilityId: string }) {
  return deps.db.transaction().execute(async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    const draft = await trx
      .selectFrom('budget_version')
      .select(['id', 'version'])
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (!draft) throw conflict(facilityMessages.noDraftBudget);
    await trx
      .updateTable('budget_version')
      .set({ status: 'superseded', updated_at: sql`now()` })
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'approved')
      .execute();
    const approved = await trx
      .updateTable('budget_version')
      .set({
        status: 'approved',
        approved_by: options.viewer.id,
        approved_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', draft.id)
      .returning(['id', 'version', 'status', 'created_at', 'approved_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'facility.budget_approved',
      targetType: 'facility',
      targetId: facility.id,
      after: { version: draft.version },
    });
    await notify(trx, {
      userId: facility.borrower_id,
      type: 'system',
      relatedId: facility.id,
      message: `The funder approved version ${draft.version} of the budget.`,
    });
    await facilityChanged(trx, facility.id, 'budget');
    return readVersion(trx, approved);
  });
}

// ---- equity ---------------------------------------------------------------------------------

/**
 * POST /facilities/{id}/equity: equity the developer paid in, recorded by the funder (who sees it
 * arrive) or the developer; a journal equity in hand / equity contributed, dated the day received.
 */
export async function recordEquity(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof equityBody> },
) {
  const { viewer, body } = options;
  return deps.db.transaction().execute(async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder', 'developer'], {
      lock: true,
    });
    if (facility.status === 'repaid') throw conflict('This facility is repaid and can no longer change');
    if (body.received_on > addDays(sydneyDate(), 1))
      throw validationFailed([{ field: 'received_on', message: 'Equity cannot be received in the future' }]);
    if (body.document_id) {
      const doc = await trx
        .selectFrom('deal_document')
        .select('id')
        .where('id', '=', body.document_id)
        .where('deal_id', '=', facility.deal_id)
        .executeTakeFirst();
      if (!doc)
        throw validationFailed([
          { field: 'document_id', message: 'document_id must be a document of the deal room' },
        ]);
    }
    const journalId = await postJournal(trx, {
      facilityId: facility.id,
      journal: equityReceivedJournal(BigInt(body.amount_cents)),
      effectiveOn: body.received_on,
      memo: 'Equity received',
      createdBy: viewer.id,
    });
    const row = await trx
      .insertInto('equity_contribution')
      .values({
        facility_id: facility.id,
        amount_cents: body.amount_cents,
        received_on: body.received_on,
        document_id: body.document_id ?? null,
        journal_id: journalId!,
        recorded_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.equity_received',
      targetType: 'facility',
      targetId: facility.id,
      after: { amount_cents: body.amount_cents, received_on: body.received_on },
    });
    await facilityChanged(trx, facility.id, 'equity');
    return toEquity(row);
  });
}

const toEquity = (row: {
  id: string;
  amount_cents: number;
  received_on: string;
  document_id: string | null;
  journal_id: string;
  created_at: Date;
}) => ({
  id: row.id,
  amount_cents: row.amount_cents,
  received_on: row.received_on,
  document_id: row.document_id,
  journal_id: row.journal_id,
  created_at: iso(row.created_at)!,
});

export async function listEquity(db: Db, options: { viewer: Viewer; facilityId: string }) {
  await facilityForReader(db, options.viewer, options.facilityId);
  const rows = await db
    .selectFrom('equity_contribution')
    .selectAll()
    .where('facility_id', '=', options.facilityId)
    .orderBy('received_on')
    .orderBy('created_at')
    .execute();
  return { items: rows.map(toEquity), total_cents: rows.reduce((s, r) => s + r.amount_cents, 0) };
}
