import type { adminProjectsQuery } from '@plinth/domain/admin';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';

type ProjectFilter = z.output<typeof adminProjectsQuery>['status'];

/** The columns of the admin's project table, with the borrower's name and e-mail. */
export function selectAdminProjects(db: Db) {
  return db
    .selectFrom('project')
    .innerJoin('user as borrower', 'borrower.id', 'project.borrower_id')
    .select([
      'project.id',
      'project.title',
      'project.borrower_id',
      'borrower.name as borrower_name',
      'borrower.email as borrower_email',
      'project.loan_amount',
      'project.payment_status',
      'project.stripe_payment_intent_id',
      'project.visible',
      'project.submission_status',
      'project.payment_not_received',
      'project.property_type',
      'project.suburb',
      'project.development_stage',
      'project.project_size_sqm',
      'project.documents_complete',
      'project.last_rejection_reason',
      'project.funded_at',
      'project.created_at',
    ]);
}
export type AdminProjectRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectAdminProjects>['executeTakeFirst']>>
>;

export const findAdminProject = (db: Db, id: string) =>
  selectAdminProjects(db).where('project.id', '=', id).executeTakeFirst();

/** The projects behind a filter button: every one, those under review, or those published. */
const matchesFilter = (status: ProjectFilter) => (eb: ExpressionBuilder<Database, 'project'>) => {
  if (status === 'pending_review') return eb('project.payment_status', '=', 'payment_pending');
  if (status === 'published')
    return eb.and([eb('project.payment_status', '=', 'paid'), eb('project.visible', '=', true)]);
  return eb.lit(true);
};

const countProjects = (db: Db, status: ProjectFilter) =>
  db
    .selectFrom('project')
    .where(matchesFilter(status))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

/**
 * One page of projects for a filter button, newest first, how many match it, and how many are
 * under review (the Review badge). Only those two counts are made: each reads an index when it
 * can, where one pass counting every button's total read the whole table (22 ms at 20,000 projects,
 * on an admin's every look at the queue).
 */
export async function listAdminProjects(
  db: Db,
  options: { status: ProjectFilter; page: number; limit: number },
) {
  const { status, page, limit } = options;
  const [rows, total, pendingReview] = await Promise.all([
    selectAdminProjects(db)
      .where(matchesFilter(status))
      .orderBy('project.created_at', 'desc')
      .orderBy('project.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    status === 'pending_review' ? null : countProjects(db, status),
    countProjects(db, 'pending_review'),
  ]);
  return { rows, total: total ?? pendingReview, pendingReview };
}

/** The Overview cards: people (not deleted), projects, live listings, revenue in cents (decision 007). */
export async function adminStats(db: Db) {
  const [users, projects, payments] = await Promise.all([
    db
      .selectFrom('user')
      .where('deleted_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('project')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .count<number>('id')
          .filterWhere((f) => f.and([f('payment_status', '=', 'paid'), f('visible', '=', true)]))
          .as('active'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment')
      .where('status', '=', 'completed')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('cents'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(users.total),
    projects: Number(projects.total),
    activeProjects: Number(projects.active),
    revenueCents: Number(payments.cents),
  };
}

/**
 * An audit target id as a uuid, for a join on a uuid key that can use its index; null for any other
 * target type, or an id that is not a uuid (CASE never casts it then).
 */
const uuidTarget = (targetType: 'project' | 'payment') =>
  sql`case when entry.target_type = ${targetType} and entry.target_id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then entry.target_id::uuid end`;

/**
 * The override history: audit entries made by admins, newest first. Entries by developers,
 * funders or the system (a project created, a payment succeeded) are not overrides. Each entry
 * carries the name of its target: a project's title (from its deletion record once it is gone), a
 * person's name (user and subscription targets are people), or a payment's project else its payer.
 */
export function listOverrideHistory(db: Db, limit: number) {
  const entries = db
    .selectFrom('audit_log')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user')
          .select('user.id')
          .whereRef('user.id', '=', 'audit_log.actor_id')
          .where('user.role', '=', 'admin'),
      ),
    )
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.actor_name',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.reason',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit);

  return db
    .selectFrom(entries.as('entry'))
    .leftJoin('project', (join) => join.on(sql<SqlBool>`project.id = ${uuidTarget('project')}`))
    .leftJoin('user as person', (join) =>
      join.on(sql<SqlBool>`entry.target_type in ('user', 'subscription') and person.id = entry.target_id`),
    )
    .leftJoin('payment', (join) => join.on(sql<SqlBool>`payment.id = ${uuidTarget('payment')}`))
    .leftJoin('project as paid_for', 'paid_for.id', 'payment.project_id')
    .leftJoin('user as payer', 'payer.id', 'payment.user_id')
    .select([
      'entry.id',
      'entry.created_at',
      'entry.actor_name',
      'entry.action',
      'entry.target_type',
      'entry.target_id',
      'entry.reason',
      sql<string | null>`coalesce(
        project.title,
        case when entry.target_type = 'project' then (
          select gone.before -> 'project' ->> 'title' from audit_log gone
          where gone.target_type = 'project' and gone.target_id = entry.target_id
            and gone.action = 'project.deleted'
          order by gone.id desc limit 1
        ) end,
        person.name,
        paid_for.title,
        payer.name
      )`.as('target_name'),
      sql<boolean>`case entry.target_type
        when 'project' then project.id is null
        when 'user' then person.id is null or person.deleted_at is not null
        when 'subscription' then person.id is null or person.deleted_at is not null
        when 'payment' then payment.id is null
        else false end`.as('is_target_deleted'),
    ])
    .orderBy('entry.id', 'desc')
    .execute();
}

/**
 * The payment an admin marks failed: a project's latest listing payment, or a funder's latest
 * subscription payment, still pending or completed. Locked, then marked failed; null when none.
 */
export async function markLatestPaymentFailed(
  trx: Db,
  owner: { projectId: string } | { userId: string },
  failureMessage: string,
) {
  const [column, id, type] =
    'projectId' in owner
      ? (['project_id', owner.projectId, 'project_listing'] as const)
      : (['user_id', owner.userId, 'subscription'] as const);
  const payment = await trx
    .selectFrom('payment')
    .select(['id', 'status'])
    .where(column, '=', id)
    .where('type', '=', type)
    .where('status', 'in', ['pending', 'completed'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!payment) return null;
  await trx
    .updateTable('payment')
    .set({ status: 'failed', failure_message: failureMessage, updated_at: sql`now()` })
    .where('id', '=', payment.id)
    .execute();
  return payment;
}

/** Everything about a project an audit entry should keep once it is gone: the row and its files. */
export async function projectSnapshot(trx: Db, projectId: string) {
  const project = await trx.selectFrom('project').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!project) return null;
  const documents = await trx
    .selectFrom('project_document')
    .select(['id', 'document_type', 'file_name', 'storage_key', 'size_bytes', 'sha256'])
    .where('project_id', '=', projectId)
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
  return { project, documents };
}

/** Deletes the project row; its documents, access requests and deals go with it (cascade). */
export async function deleteProject(trx: Db, projectId: string) {
  await trx.deleteFrom('project').where('id', '=', projectId).execute();
}
