import {
  criteriaFromProfile,
  criteriaOf,
  type FunderCriteria,
  type FunderCriteriaBody,
  type FunderCriteriaResponse,
  funderCriteriaMessages,
  normaliseCriteria,
} from '@plinth/domain/funder-criteria';
import {
  type AlertEmailMode,
  type AlertSettingsBody,
  type AlertSettingsResponse,
  criteriaPauseAt,
  DEFAULT_ALERT_EMAIL,
  DEFAULT_TIME_ZONE,
  isCriteriaPaused,
} from '@plinth/domain/listing-alerts';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import * as repo from './funder-criteria.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findCriteria>>>;

const saved = (row: Row): FunderCriteriaResponse => ({
  ...criteriaOf(row),
  is_saved: true,
  confirmed_at: new Date(row.confirmed_at).toISOString(),
});

/** The criteria a funder saved, or null while they have none (recommendations and alerts read these). */
export async function savedCriteria(db: Db, userId: string): Promise<FunderCriteria | null> {
  const row = await repo.findCriteria(db, userId);
  return row ? criteriaOf(row) : null;
}

/** The funder's saved criteria, or, until they save any, their onboarding profile's prefill. */
export async function getFunderCriteria(db: Db, viewer: Viewer): Promise<FunderCriteriaResponse> {
  const row = await repo.findCriteria(db, viewer.id);
  if (row) return saved(row);
  const profile = await repo.findFunderProfile(db, viewer.id);
  const prefill = criteriaFromProfile(
    profile ?? { investment_focus: null, typical_deal_size_min: null, typical_deal_size_max: null },
  );
  return { ...prefill, is_saved: false, confirmed_at: null };
}

/** Saves the funder's criteria (every key omitted is any) and audits before and after, in one transaction. */
export async function saveFunderCriteria(
  db: Db,
  viewer: Viewer,
  body: FunderCriteriaBody,
): Promise<FunderCriteriaResponse> {
  const criteria = normaliseCriteria(body);
  return auditedTransaction(db, async (trx) => {
    const before = await repo.findCriteria(trx, viewer.id, { forUpdate: true });
    const row = await repo.saveCriteria(trx, viewer.id, criteria);
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'funder_criteria.updated',
      targetType: 'user',
      targetId: viewer.id,
      before: before ? criteriaOf(before) : null,
      after: criteria,
    });
    return saved(row);
  });
}

// --- Alerts (issue 22 items 2 and 3) ---

const alertSettingsOf = (
  row: { alert_email: AlertEmailMode; time_zone: string; confirmed_at: Date | string } | undefined,
  now: Date,
): AlertSettingsResponse =>
  row
    ? {
        email: row.alert_email,
        time_zone: row.time_zone,
        paused: isCriteriaPaused(row.confirmed_at, now),
        pauses_at: criteriaPauseAt(row.confirmed_at).toISOString(),
      }
    : { email: DEFAULT_ALERT_EMAIL, time_zone: DEFAULT_TIME_ZONE, paused: false, pauses_at: null };

/** How the funder takes their alerts, and whether their criteria are paused (defaults until saved). */
export async function getAlertSettings(
  db: Db,
  viewer: Viewer,
  now = new Date(),
): Promise<AlertSettingsResponse> {
  return alertSettingsOf(await repo.findAlertSettings(db, viewer.id), now);
}

/** Saves how the funder takes their alerts, audited; criteria must be saved first (400). */
export async function saveAlertSettings(
  db: Db,
  viewer: Viewer,
  body: AlertSettingsBody,
  now = new Date(),
): Promise<AlertSettingsResponse> {
  return auditedTransaction(db, async (trx) => {
    const before = await repo.findAlertSettings(trx, viewer.id);
    const row = await repo.saveAlertSettings(trx, viewer.id, {
      alert_email: body.email,
      time_zone: body.time_zone,
    });
    if (!before || !row) throw badRequest(funderCriteriaMessages.saveFirst);
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'funder_criteria.alerts_updated',
      targetType: 'user',
      targetId: viewer.id,
      before: { email: before.alert_email, time_zone: before.time_zone },
      after: { email: body.email, time_zone: body.time_zone },
    });
    return alertSettingsOf(row, now);
  });
}

/**
 * Confirms the funder's saved criteria as still accurate (the dashboard's Confirm, or the signed
 * 'Still accurate' link): alerts resume for 30 days. 400 when none are saved.
 */
export async function confirmFunderCriteria(
  db: Db,
  actor: { id: string; name: string | null },
  via: 'app' | 'email_link',
): Promise<FunderCriteriaResponse> {
  return auditedTransaction(db, async (trx) => {
    const row = await repo.confirmCriteria(trx, actor.id);
    if (!row) throw badRequest(funderCriteriaMessages.saveFirst);
    await recordAudit(trx, {
      actor: { id: actor.id, name: actor.name ?? '' },
      action: 'funder_criteria.confirmed',
      targetType: 'user',
      targetId: actor.id,
      before: null,
      after: { via, confirmed_at: new Date(row.confirmed_at).toISOString() },
    });
    return saved(row);
  });
}

/** The one-click unsubscribe: the funder's alert e-mails are off (in-app alerts stay), audited. */
export async function unsubscribeFromAlerts(
  db: Db,
  user: { id: string; name: string | null },
): Promise<void> {
  await auditedTransaction(db, async (trx) => {
    const before = await repo.findAlertSettings(trx, user.id);
    if (!before || before.alert_email === 'off') return;
    await repo.turnAlertEmailsOff(trx, user.id);
    await recordAudit(trx, {
      actor: { id: user.id, name: user.name ?? '' },
      action: 'funder_criteria.alerts_updated',
      targetType: 'user',
      targetId: user.id,
      before: { email: before.alert_email },
      after: { email: 'off', via: 'unsubscribe_link' },
    });
  });
}
