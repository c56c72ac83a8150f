import { type Kysely, sql } from 'kysely';
import { marketChangeCondition } from '../../modules/projects/market-definition';

// Issue 20 item 4 (docs/decisions/031-marketplace-search-index.md): the `market_change` update
// trigger's condition is built from the marketplace's one definition of a listing's columns
// (modules/projects/market-definition.ts) instead of a copy kept by hand in migration
// 20261126100000_market_changes. The columns are the same today; a test reads the trigger back
// from the database and fails when the definition and the trigger part, and a migration like this
// one then brings the trigger in line.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists project_market_change_edit on project`.execute(db);
  await sql`create trigger project_market_change_edit
    after update on project
    for each row when (${sql.raw(marketChangeCondition())}) execute function market_change_track()`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // The trigger it replaced watched the same columns: nothing to undo.
}
