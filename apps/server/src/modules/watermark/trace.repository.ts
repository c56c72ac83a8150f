import type { Db } from '../../db/database';

/**
 * One recorded stamped opening by its download code: the reader, the document (project or deal, or
 * a deal's credit summary) and
 * the project it belongs to, with the project's developer (who may trace it).
 */
export const findByCode = (db: Db, code: string) =>
  db
    .selectFrom('document_view as dv')
    .innerJoin('user as u', 'u.id', 'dv.viewer_id')
    .leftJoin('profile as p', 'p.user_id', 'dv.viewer_id')
    .leftJoin('project_document as pd', 'pd.id', 'dv.project_document_id')
    .leftJoin('deal_document as dd', 'dd.id', 'dv.deal_document_id')
    // A deal document's deal, or the deal whose generated credit summary this was (issue 21).
    .leftJoin('deal as d', (join) =>
      join.on((eb) => eb('d.id', '=', eb.fn.coalesce('dd.deal_id', 'dv.credit_summary_deal_id'))),
    )
    .innerJoin('project as pr', (join) =>
      join.on((eb) => eb('pr.id', '=', eb.fn.coalesce('pd.project_id', 'd.project_id'))),
    )
    .select([
      'dv.code',
      'dv.kind',
      'dv.viewed_at',
      'u.id as viewer_id',
      'u.name as viewer_name',
      'u.email as viewer_email',
      'p.company_name',
      'pd.id as project_document_id',
      'pd.file_name as project_file_name',
      'dd.id as deal_document_id',
      'dd.file_name as deal_file_name',
      'dv.credit_summary_deal_id',
      'pr.id as project_id',
      'pr.title as project_title',
      'pr.borrower_id',
    ])
    .where('dv.code', '=', code)
    .executeTakeFirst();
