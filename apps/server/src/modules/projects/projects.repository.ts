import type { australianStates, ProjectFields } from '@plinth/domain/projects';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';
import { funderRequestAndAlertColumns, readFunderRequestAndAlert } from './marketplace.repository';

type AustralianState = (typeof australianStates)[number];

/** The project row with its owner's name and e-mail and its document and deal counts. */
export function selectProjects(db: Db) {
  return db
    .selectFrom('project')
    .innerJoin('user as borrower', 'borrower.id', 'project.borrower_id')
    .selectAll('project')
    .select((eb) => [
      'borrower.name as borrower_name',
      'borrower.email as borrower_email',
      eb
        .selectFrom('project_document')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('project_document.project_id', '=', 'project.id')
        .as('document_count'),
      eb
        .selectFrom('deal')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('deal.project_id', '=', 'project.id')
        .as('deal_count'),
    ]);
}
export type ProjectRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectProjects>['executeTakeFirst']>>
>;

export const findProject = (db: Db, id: string) =>
  selectProjects(db).where('project.id', '=', id).executeTakeFirst();

/**
 * findProject with, in the same statement, a funder's own request for it and whether an alert
 * about it to them is unopened (marketplace.repository's findFunderRequestAndAlert): a funder's
 * preview reads one statement, not two (issue 31, decision 076).
 */
export async function findProjectForFunder(db: Db, id: string, funderId: string) {
  const row = await selectProjects(db)
    .select((eb) =>
      funderRequestAndAlertColumns(
        eb as unknown as ExpressionBuilder<Database, never>,
        funderId,
        sql<string>`project.id`,
      ),
    )
    .where('project.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { funder_request, funder_unopened_alert, ...project } = row as typeof row & {
    funder_request: string | null;
    funder_unopened_alert: unknown;
  };
  return {
    project: project as ProjectRow,
    funder: readFunderRequestAndAlert({ funder_request, funder_unopened_alert }),
  };
}

/** The few columns other modules need of a listing: who owns it, its state and its preview fields. */
export const findListing = (db: Db, id: string) =>
  db
    .selectFrom('project')
    .select([
      'id',
      'title',
      'borrower_id',
      'payment_status',
      'visible',
      'suburb',
      'property_type',
      'loan_amount',
      'funded_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

/** Locks the project row for the rest of the transaction: state changes never interleave. */
export const lockProject = (trx: Db, id: string) =>
  trx.selectFrom('project').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Column values from validated fields: text trimmed, the spec's defaults for empty enumerations. */
export function toColumns(f: ProjectFields) {
  const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  return {
    title: f.title!.trim(),
    description: text(f.description),
    location: f.location!.trim(),
    suburb: f.suburb!.trim(),
    city: text(f.city),
    state: text(f.state) as AustralianState | null,
    postcode: text(f.postcode),
    latitude: f.latitude ?? null,
    longitude: f.longitude ?? null,
    property_type: f.property_type ?? 'Residential',
    development_stage: f.development_stage ?? 'Planning',
    loan_amount: f.loan_amount!,
    interest_rate: f.interest_rate ?? null,
    loan_term: f.loan_term ?? null,
    total_project_cost: f.total_project_cost ?? null,
    equity_contribution: f.equity_contribution ?? null,
    land_value: f.land_value ?? null,
    construction_cost: f.construction_cost ?? null,
    expected_gdc: f.expected_gdc ?? null,
    expected_profit: f.expected_profit ?? null,
    project_size_sqm: f.project_size_sqm ?? null,
    number_of_units: f.number_of_units ?? null,
    number_of_levels: f.number_of_levels ?? null,
    car_spaces: f.car_spaces ?? null,
    zoning: text(f.zoning),
    planning_permit_status: f.planning_permit_status ?? 'Not Started',
    expected_start_date: f.expected_start_date ?? null,
    expected_completion_date: f.expected_completion_date ?? null,
    market_risk_rating: f.market_risk_rating ?? 'medium',
    construction_risk_rating: f.construction_risk_rating ?? 'medium',
    location_risk_rating: f.location_risk_rating ?? 'medium',
  };
}

export async function insertProject(trx: Db, borrowerId: string, fields: ProjectFields): Promise<string> {
  const row = await trx
    .insertInto('project')
    .values({ borrower_id: borrowerId, ...toColumns(fields) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProjectFields(trx: Db, id: string, fields: ProjectFields): Promise<void> {
  await trx
    .updateTable('project')
    .set({ ...toColumns(fields), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
