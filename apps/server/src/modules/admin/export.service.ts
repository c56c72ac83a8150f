import { Readable } from 'node:stream';
import { calendarDay } from '@plinth/domain/format';
import { sql } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { readerTimeZone } from '../users/reader-time-zone';

/**
 * Export All Data (spec 001 section 7, DESIGN.md section 8): every table an admin may read, as one
 * JSON document written a page at a time, so memory stays flat however large the platform grows.
 *
 * Never exported: `session` (tokens), `account` (password hashes, OAuth tokens), `verification`
 * (e-mail and reset tokens), `outbox` (queued e-mails carry sign-in and reset links), BrokerAI chats
 * (a person's private conversations), and the raw provider payloads of `payment_event` (they may
 * hold client secrets). Columns are listed, not `*`, so a column added later is not exported by
 * accident.
 */
export const exportedTables: Record<string, { key: string; columns: readonly string[] }> = {
  user: {
    key: 'id',
    columns: [
      'id',
      'name',
      'email',
      'email_verified',
      'role',
      'approved',
      'subscription_status',
      'subscription_period_end',
      'time_zone',
      'cancel_at_period_end',
      'deleted_at',
      'created_at',
      'updated_at',
    ],
  },
  profile: { key: 'user_id', columns: ['*'] },
  project: { key: 'id', columns: ['*'] },
  project_document: { key: 'id', columns: ['*'] },
  access_request: { key: 'id', columns: ['*'] },
  message: { key: 'id', columns: ['*'] },
  admin_message: { key: 'id', columns: ['*'] },
  deal: { key: 'id', columns: ['*'] },
  document_request: { key: 'id', columns: ['*'] },
  deal_document: { key: 'id', columns: ['*'] },
  document_view: { key: 'id', columns: ['*'] },
  deal_comment: { key: 'id', columns: ['*'] },
  proposal: { key: 'id', columns: ['*'] },
  contact_share: { key: 'id', columns: ['*'] },
  notification: { key: 'id', columns: ['*'] },
  notification_preferences: { key: 'user_id', columns: ['*'] },
  payment: { key: 'id', columns: ['*'] },
  payment_event: { key: 'id', columns: ['id', 'provider', 'event_id', 'type', 'received_at'] },
  audit_log: { key: 'id', columns: ['*'] },
  system_setting: { key: 'key', columns: ['*'] },
};

const PAGE = 500;

/**
 * Named with the day in the requester's time zone (issue 37 item 13, decision 074), Sydney unless
 * their profile names another: an export made on the 29th there is the 29th's.
 */
export const exportFileName = (now: Date, timeZone?: string) =>
  `plinth-export-${calendarDay(now, timeZone)}.json`;

/** Reads one table a page at a time, in key order (keyset paging: no page is read twice). */
async function* tableRows(db: Db, table: string, key: string, columns: readonly string[]) {
  let after: unknown = null;
  for (;;) {
    const cols = columns[0] === '*' ? sql`t.*` : sql.join(columns.map((c) => sql.ref(`t.${c}`)));
    const rows = await sql<Record<string, unknown>>`
      select ${cols} from ${sql.table(table)} as t
      ${after === null ? sql`` : sql`where ${sql.ref(`t.${key}`)} > ${after}`}
      order by ${sql.ref(`t.${key}`)} limit ${PAGE}`.execute(db);
    for (const row of rows.rows) yield row;
    if (rows.rows.length < PAGE) return;
    after = rows.rows.at(-1)![key];
  }
}

async function* exportChunks(db: Db, exportedAt: Date) {
  yield `{"exported_at":${JSON.stringify(exportedAt.toISOString())},"tables":{`;
  let firstTable = true;
  for (const [table, { key, columns }] of Object.entries(exportedTables)) {
    yield `${firstTable ? '' : ','}${JSON.stringify(table)}:[`;
    firstTable = false;
    let first = true;
    for await (const row of tableRows(db, table, key, columns)) {
      yield `${first ? '' : ','}\n${JSON.stringify(row)}`;
      first = false;
    }
    yield ']';
  }
  yield '}}\n';
}

/** Audits the export (who, when), then answers the stream to send. */
export async function exportAllData(db: Db, options: { viewer: Viewer }) {
  const now = new Date();
  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      actor: { id: options.viewer.id, name: options.viewer.name },
      action: 'platform.exported',
      targetType: 'platform',
      targetId: 'all',
      after: { tables: Object.keys(exportedTables) },
    }),
  );
  const timeZone = await readerTimeZone(db, options.viewer.id);
  return { fileName: exportFileName(now, timeZone), stream: Readable.from(exportChunks(db, now)) };
}
