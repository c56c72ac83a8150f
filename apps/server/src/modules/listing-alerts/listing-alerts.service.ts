import { alertLinkPaths } from '@plinth/domain/alert-links';
import { criteriaOf, matchCriteria, matchReasons } from '@plinth/domain/funder-criteria';
import {
  type AlertEmailMode,
  type AlertedListing,
  listingAlertMessage,
  listingPlace,
  nextDigestAt,
} from '@plinth/domain/listing-alerts';
import { compactAud } from '@plinth/domain/marketplace';
import { hasMarketplaceAccess } from '@plinth/domain/subscriptions';
import { enqueueEmail } from '../../adapters/mail/mail';
import type { AppDeps } from '../../app-deps';
import { signLink } from '../../auth/signed-links';
import type { Db } from '../../db/database';
import type { ListingRow } from '../../emails/content';
import { renderEmail } from '../../emails/render';
import { listingAlert, listingDigest } from '../../emails/templates/listing-digest';
import type { JobKind, JobQueue } from '../../jobs/job-queue';
import { publishLiveEvents } from '../events/events.service';
import * as repo from './listing-alerts.repository';

/**
 * Listing alerts (issue 22 item 2; decision 044). Publishing a listing sends one job, in the
 * publishing transaction; the job matches the listing against every funder's saved criteria on the
 * server's full figures and writes, per funder and listing once, the alert row, the in-app
 * notification and the live event together. Funders who take e-mail at once then get it, each in
 * the transaction that marks their alert e-mailed; those on the daily digest get a digest job at
 * 8:00 in their time zone, one queued per funder.
 */

export type AlertDeps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'authSecret'>;

export const listingAlertsJob: JobKind<{ projectId: string }> = { name: 'listing-alerts' };
/** One queued digest per funder at a time ('short'): the next 8:00 carries every alert since. */
export const listingDigestJob: JobKind<{ funderId: string }> = {
  name: 'listing-digest',
  policy: 'short',
  batchSize: 20,
  concurrency: 4,
};

/** Alerts written per transaction: a listing's fan-out commits (and is seen) in steps of this many. */
const ALERT_BATCH = 500;
/** Instant e-mails rendered and queued per transaction. */
const EMAIL_BATCH = 100;

/** Called in the transaction that puts a listing on the market (first time, or again after changes). */
export function queueListingAlerts(trx: Db, jobs: JobQueue, projectId: string) {
  return jobs.send(trx, listingAlertsJob, { projectId });
}

const listingUrl = (deps: AlertDeps, projectId: string) =>
  new URL(`/projects/${projectId}`, deps.config.BASE_URL).toString();

export async function unsubscribeUrl(deps: AlertDeps, funderId: string, now: Date) {
  // Expires UNSUBSCRIBE_LINK_DAYS after `now` (signed-links.ts sets every link's expiry).
  const token = await signLink(deps.authSecret, {
    purpose: 'unsubscribe-alerts',
    userId: funderId,
    issuedAt: now,
  });
  return new URL(`${alertLinkPaths.unsubscribe}?token=${token}`, deps.config.BASE_URL).toString();
}

const listingRow = (
  deps: AlertDeps,
  listing: AlertedListing & { id: string },
  reasons: string[],
): ListingRow => ({
  propertyType: listing.property_type,
  suburb: listingPlace(listing) || 'Australia',
  loan: compactAud(listing.loan_amount),
  why: reasons.join('; '),
  url: listingUrl(deps, listing.id),
});

export interface FanOutResult {
  /** Funders alerted now (those alerted about it before are not again). */
  alerted: number;
  emailed: number;
  digests: number;
}

/** The listing-alerts job: alerts every funder whose criteria the live listing meets, once each. */
export async function fanOutListingAlerts(
  deps: AlertDeps,
  projectId: string,
  now: Date = new Date(),
): Promise<FanOutResult> {
  const listing = await repo.findLiveListing(deps.db, projectId);
  // Off the market again before the job ran (hidden, rejected, funded): nobody is told.
  if (!listing) return { alerted: 0, emailed: 0, digests: 0 };
  const funders = await repo.listAlertedFunders(deps.db, now);
  const matched = funders
    .filter((funder) => hasMarketplaceAccess(funder, now))
    .map((funder) => {
      const criteria = criteriaOf(funder);
      const match = matchCriteria(criteria, listing);
      return { funder, match, reasons: match.isMatch ? matchReasons(criteria, listing, match) : [] };
    })
    .filter(({ match }) => match.isMatch);

  const message = listingAlertMessage(listing);
  let alerted = 0;
  let digests = 0;
  for (let i = 0; i < matched.length; i += ALERT_BATCH) {
    const batch = matched.slice(i, i + ALERT_BATCH);
    await deps.db.transaction().execute(async (trx) => {
      const written = await repo.insertAlerts(
        trx,
        projectId,
        batch.map(({ funder, reasons }) => ({
          funder_id: funder.id,
          reasons,
          email: funder.alert_email as AlertEmailMode,
        })),
      );
      if (written.length === 0) return;
      alerted += written.length;
      const notifications = await repo.insertNotifications(
        trx,
        written.map((row) => ({
          user_id: row.funder_id,
          type: 'listing_match',
          related_id: projectId,
          message,
        })),
      );
      await publishLiveEvents(
        trx,
        notifications.map((n) => ({
          userIds: [n.user_id],
          event: { type: 'notification', notification_id: n.id },
        })),
      );
      const zones = new Map(batch.map(({ funder }) => [funder.id, funder.time_zone]));
      const daily = written.filter((r) => r.email === 'daily');
      await deps.jobs.sendMany(
        trx,
        listingDigestJob,
        daily.map((row) => ({
          data: { funderId: row.funder_id },
          options: {
            startAfter: nextDigestAt(now, zones.get(row.funder_id) ?? 'Australia/Sydney'),
            singletonKey: row.funder_id,
          },
        })),
      );
      digests += daily.length;
    });
  }
  const emailed = await emailInstantAlerts(deps, { ...listing, id: projectId }, now);
  return { alerted, emailed, digests };
}

/** E-mails at once every alert of the listing still owed one, each batch with its alerts marked. */
async function emailInstantAlerts(
  deps: AlertDeps,
  listing: AlertedListing & { id: string },
  now: Date,
): Promise<number> {
  let emailed = 0;
  for (;;) {
    const sent = await deps.db.transaction().execute(async (trx) => {
      const claimed = await repo.claimInstantAlerts(trx, listing.id, EMAIL_BATCH);
      for (const alert of claimed) {
        if (alert.deleted_at) continue;
        const content = listingAlert({
          row: listingRow(deps, listing, alert.reasons),
          unsubscribeUrl: await unsubscribeUrl(deps, alert.funder_id, now),
        });
        await enqueueEmail(trx, { to: alert.to, ...(await renderEmail(content, alert.name)) });
      }
      await repo.markEmailed(
        trx,
        claimed.map((a) => a.id),
      );
      return claimed.length;
    });
    emailed += sent;
    if (sent < EMAIL_BATCH) return emailed;
  }
}

const digestDate = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(now);

/**
 * The listing-digest job: one e-mail with every alert the funder has waiting for the digest, in
 * the transaction that marks them e-mailed (a second run finds none). A funder who turned alert
 * e-mails off since is not e-mailed; their alerts stay in the app.
 */
export async function sendListingDigest(deps: AlertDeps, funderId: string, now: Date = new Date()) {
  return deps.db.transaction().execute(async (trx) => {
    const recipient = await repo.findDigestRecipient(trx, funderId);
    const alerts = await repo.claimDigestAlerts(trx, funderId);
    if (alerts.length === 0) return 0;
    await repo.markEmailed(
      trx,
      alerts.map((a) => a.id),
    );
    if (!recipient || recipient.deleted_at || recipient.alert_email === 'off') return 0;
    const timeZone = recipient.time_zone ?? 'Australia/Sydney';
    const content = listingDigest({
      date: digestDate(now, timeZone),
      rows: alerts.map((a) =>
        listingRow(
          deps,
          {
            id: a.project_id,
            property_type: a.property_type,
            suburb: a.suburb,
            state: a.state,
            loan_amount: a.loan_amount,
          },
          a.reasons,
        ),
      ),
      marketplaceUrl: new URL('/marketplace', deps.config.BASE_URL).toString(),
      unsubscribeUrl: await unsubscribeUrl(deps, funderId, now),
    });
    await enqueueEmail(trx, { to: recipient.email, ...(await renderEmail(content, recipient.name)) });
    return alerts.length;
  });
}

/** Registers the alert jobs' handlers on the app's queue. */
export function handleListingAlertJobs(deps: AlertDeps) {
  deps.jobs.handle(listingAlertsJob, ({ projectId }) => fanOutListingAlerts(deps, projectId));
  deps.jobs.handle(listingDigestJob, ({ funderId }) => sendListingDigest(deps, funderId));
}
