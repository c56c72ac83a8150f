import { alertLinkPaths } from '@plinth/domain/alert-links';
import { activeCriteriaSince, criteriaPauseAt, reminderDueFor } from '@plinth/domain/listing-alerts';
import { hasMarketplaceAccess } from '@plinth/domain/subscriptions';
import { sql } from 'kysely';
import { enqueueEmail } from '../../adapters/mail/mail';
import { signLink } from '../../auth/signed-links';
import { renderEmail } from '../../emails/render';
import { criteriaReminder } from '../../emails/templates/listing-digest';
import type { JobKind } from '../../jobs/job-queue';
import type { AlertDeps } from './listing-alerts.service';

/**
 * Criteria stay current (issue 22 item 3; decision 044). Criteria not confirmed for 30 days pause
 * their alerts (the fan-out leaves them out); on day 23 the funder is e-mailed a signed one-click
 * 'Still accurate' link. A pg-boss schedule runs this every 15 minutes, once across processes, and
 * each confirmation is asked about once: the e-mail is queued in the transaction that records it.
 */
export const criteriaRemindersJob: JobKind<Record<string, never>> = {
  name: 'criteria-reminders',
  cron: '*/15 * * * *',
};

const REMINDER_BATCH = 200;

const pauseDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at);

/** Sends every 'Still accurate?' e-mail due at `now`; returns how many. */
export async function sendCriteriaReminders(deps: AlertDeps, now: Date = new Date()): Promise<number> {
  // Due: confirmed at least 23 days ago, not yet paused, and not yet asked about this confirmation.
  const reminderCutoff = reminderDueFor(now);
  let sent = 0;
  // Keyset pages by funder, so a candidate passed over (no marketplace access) is not read again.
  let after = '';
  for (;;) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('funder_criteria as c')
        .innerJoin('user as u', 'u.id', 'c.user_id')
        .select([
          'c.user_id',
          'c.confirmed_at',
          'c.time_zone',
          'u.email',
          'u.name',
          'u.role',
          'u.approved',
          'u.subscription_status',
          'u.subscription_period_end',
        ])
        .where('c.confirmed_at', '<=', reminderCutoff)
        .where('c.confirmed_at', '>', activeCriteriaSince(now))
        .where((eb) =>
          eb.or([
            eb('c.reminder_sent_for', 'is', null),
            eb('c.reminder_sent_for', '<>', eb.ref('c.confirmed_at')),
          ]),
        )
        .where('u.deleted_at', 'is', null)
        // Only funders alerts reach: not unsubscribed from alert e-mails, and on the market (the
        // candidates here; hasMarketplaceAccess decides below).
        .where('u.role', '=', 'funder')
        .where('u.approved', '=', true)
        .where('u.subscription_status', 'in', ['active', 'cancelled'])
        .where('c.alert_email', '<>', 'off')
        .where('c.user_id', '>', after)
        .orderBy('c.user_id')
        .limit(REMINDER_BATCH)
        .forUpdate('c')
        .skipLocked()
        .execute();
      for (const row of due) {
        if (!hasMarketplaceAccess(row, now)) continue;
        const pausesAt = criteriaPauseAt(row.confirmed_at);
        // About this confirmation only (so it works once), and only until these criteria pause:
        // signed-links.ts sets the expiry from it (decision 048).
        const token = await signLink(deps.authSecret, {
          purpose: 'confirm-criteria',
          userId: row.user_id,
          confirmedAt: new Date(row.confirmed_at),
        });
        const content = criteriaReminder({
          pausesOn: pauseDate(pausesAt, row.time_zone),
          confirmUrl: new URL(
            `${alertLinkPaths.confirmCriteria}?token=${token}`,
            deps.config.BASE_URL,
          ).toString(),
          settingsUrl: new URL('/settings', deps.config.BASE_URL).toString(),
        });
        await enqueueEmail(trx, { to: row.email, ...(await renderEmail(content, row.name)) });
        await trx
          .updateTable('funder_criteria')
          .set({ reminder_sent_for: sql`confirmed_at` })
          .where('user_id', '=', row.user_id)
          .execute();
      }
      return {
        seen: due.length,
        last: due.at(-1)?.user_id,
        sent: due.filter((row) => hasMarketplaceAccess(row, now)).length,
      };
    });
    sent += batch.sent;
    if (batch.seen < REMINDER_BATCH || !batch.last) return sent;
    after = batch.last;
  }
}

export function handleCriteriaReminders(deps: AlertDeps) {
  deps.jobs.handle(criteriaRemindersJob, () => sendCriteriaReminders(deps));
}
