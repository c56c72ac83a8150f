import type { Db } from '../../db/database';

/** A deal with both parties, for the reads that check who may see it. */
export const findDeal = (db: Db, id: string) =>
  db
    .selectFrom('deal')
    .select([
      'id',
      'project_id',
      'access_request_id',
      'borrower_id',
      'funder_id',
      'status',
      'created_at',
      'completed_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
