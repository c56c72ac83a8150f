import type { Db } from '../../src/db/database';
import { projectRow } from './admin';

/** A project id no project has. */
export const unknownProjectId = '00000000-0000-4000-8000-000000000000';

/** The listing state of a project, as the admin tests compare it; undefined once the row is gone. */
export const listingStateOf = async (db: Db, id: string) => {
  const row = await projectRow(db, id);
  return (
    row && {
      payment_status: row.payment_status,
      visible: row.visible,
      submission_status: row.submission_status,
      payment_not_received: row.payment_not_received,
    }
  );
};
