import {
  checkSetting,
  isKnownSetting,
  type SystemSetting,
  settingMessages,
} from '@plinth/domain/system-settings';
import { sql } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';

/**
 * System settings for the admin Settings tab. Readers of a setting (the documents module's
 * required documents) query the table on every use, so a saved value is used at once by every
 * server process.
 */

const selectSettings = (db: Db) =>
  db
    .selectFrom('system_setting as s')
    .leftJoin('user as u', 'u.id', 's.updated_by')
    .select(['s.key', 's.value', 's.description', 's.updated_at', 'u.name as updated_by_name'])
    .orderBy('s.key');

const toSetting = (
  row: Awaited<ReturnType<ReturnType<typeof selectSettings>['executeTakeFirstOrThrow']>>,
) => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

export async function listSettings(db: Db): Promise<{ items: SystemSetting[] }> {
  return { items: (await selectSettings(db).execute()).map(toSetting) };
}

export async function getSetting(db: Db, key: string): Promise<SystemSetting> {
  const row = await selectSettings(db).where('s.key', '=', key).executeTakeFirst();
  if (!row) throw notFound(settingMessages.unknownKey);
  return toSetting(row);
}

/** Checks the value by its key (400 with the reason), stores it and audits before and after in one transaction. */
export async function updateSetting(db: Db, options: { viewer: Viewer; key: string; value: string }) {
  const { viewer, key, value } = options;
  if (!isKnownSetting(key)) throw notFound(settingMessages.unknownKey);
  const check = checkSetting(key, value);
  if (!check.ok)
    throw new AppError('VALIDATION_FAILED', check.message, [{ field: 'value', message: check.message }]);
  await auditedTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('system_setting')
      .select('value')
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound(settingMessages.unknownKey);
    await trx
      .updateTable('system_setting')
      .set({ value, updated_by: viewer.id, updated_at: sql`now()` })
      .where('key', '=', key)
      .execute();
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'setting.updated',
      targetType: 'setting',
      targetId: key,
      before: { value: before.value },
      after: { value },
    });
  });
  return { message: `${key} saved`, setting: await getSetting(db, key) };
}
