import type { adminProjectsQuery } from '@plinth/domain/admin';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';

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
      'project.created_at',
    ]);
}
export type AdminProjectRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectAdminProjects>['executeTakeFirst']>>
>;

export const findAdminProject = (db: Db, id: string) =>
  selectAdminProjects(db).where('project.id', '=', id).executeTakeFirst();

/** One page of projects for a filter button, newest first, and how many match it. */
export async function listAdminProjects(
  db: Db,
  options: { status: ProjectFilter; page: number; limit: number },
) {
  const { status, page, limit } = options;
  const [rows, count] = await Promise.all([
    selectAdminProjects(db)
      .$if(status === 'pending_review', (q) => q.where('project.payment_status', '=', 'payment_pending'))
      .$if(status === 'published', (q) =>
        q.where('project.payment_status', '=', 'paid').where('project.visible', '=', true),
      )
      .orderBy('project.created_at', 'desc')
      .orderBy('project.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('project')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.count<number>('id').filterWhere('payment_status', '=', 'payment_pending').as('pending_review'),
        eb.fn
          .count<number>('id')
          .filterWhere((f) => f.and([f('payment_status', '=', 'paid'), f('visible', '=', true)]))
          .as('published'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(count[status]),
    pendingReview: Number(count.pending_review),
  };
}

/** The Overview cards: people (not deleted), projects, live listings, revenue in cents. */
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
 * The override history: audit entries made by admins, newest first. Entries by developers,
 * funders or the system (a project created, a payment succeeded) are not overrides.
 */
export function listOverrideHistory(db: Db, limit: number) {
  return db
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
    .limit(limit)
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
