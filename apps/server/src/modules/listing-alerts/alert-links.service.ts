import { alertLinkPages, type LinkPage, linkDates } from '@plinth/domain/alert-links';
import { criteriaPauseAt, DEFAULT_TIME_ZONE } from '@plinth/domain/listing-alerts';
import { LinkRefused, type VerifiedLink, verifyLink } from '../../auth/signed-links';
import type { Db } from '../../db/database';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import * as criteriaRepo from '../funder-criteria/funder-criteria.repository';
import { unsubscribeFromAlerts } from '../funder-criteria/funder-criteria.service';
import { findUserName } from './listing-alerts.repository';

/**
 * What the links in alert e-mails do (issue 29 finding 8; decision 048). Opening one (GET) reads
 * and changes nothing: it answers the page that asks, or says why the link cannot be used. Only its
 * button's POST (or a mail provider's RFC 8058 one-click POST) acts. A 'Still accurate' link names
 * the confirmation it was sent about: it confirms only while that is still the criteria's latest,
 * checked and changed under the row's lock, so it works once even with two server processes.
 */

export interface LinkAnswer {
  status: number;
  page: LinkPage;
  /** True when the page asks: it carries the one button that posts back to the link. */
  asks?: boolean;
}

const answer = (status: number, page: LinkPage, asks = false): LinkAnswer => ({ status, page, asks });
const invalid = answer(400, alertLinkPages.invalid);

type Purpose = VerifiedLink['purpose'];
type LinkOf<P extends Purpose> = Extract<VerifiedLink, { purpose: P }>;

const timeZoneOf = async (db: Db, userId: string) =>
  (await criteriaRepo.findAlertSettings(db, userId))?.time_zone ?? DEFAULT_TIME_ZONE;

/** The link checked for `purpose`: its user (not erased), or the page that refuses it. */
async function check<P extends Purpose>(
  db: Db,
  secret: string,
  token: unknown,
  purpose: P,
): Promise<{ link: LinkOf<P>; user: { id: string; name: string | null } } | LinkAnswer> {
  if (typeof token !== 'string' || token === '' || token.length > 2048) return invalid;
  let link: VerifiedLink;
  try {
    link = await verifyLink(secret, token, purpose);
  } catch (error) {
    if (!(error instanceof LinkRefused)) throw error;
    if (error.reason === 'invalid' || !error.expiredAt) return invalid;
    if (purpose === 'unsubscribe-alerts') return answer(410, alertLinkPages.unsubscribeExpired);
    const userId = error.userId ?? '';
    return answer(
      410,
      alertLinkPages.confirmExpired(error.expiredAt, linkDates(await timeZoneOf(db, userId))),
    );
  }
  const user = await findUserName(db, link.userId);
  if (!user) return invalid;
  return { link: link as LinkOf<P>, user };
}

const isAnswer = (value: object): value is LinkAnswer => 'page' in value;

/** GET of an unsubscribe link: the page with the button, or why the link cannot be used. */
export async function askUnsubscribe(db: Db, secret: string, token: unknown): Promise<LinkAnswer> {
  const checked = await check(db, secret, token, 'unsubscribe-alerts');
  return isAnswer(checked) ? checked : answer(200, alertLinkPages.askUnsubscribe, true);
}

/** POST of an unsubscribe link (the page's button, or RFC 8058): alert e-mails off, audited once. */
export async function unsubscribeByLink(db: Db, secret: string, token: unknown): Promise<LinkAnswer> {
  const checked = await check(db, secret, token, 'unsubscribe-alerts');
  if (isAnswer(checked)) return checked;
  await unsubscribeFromAlerts(db, checked.user);
  return answer(200, alertLinkPages.unsubscribed);
}

/** The page for criteria whose latest confirmation is `confirmedAt` but the link names another. */
function alreadyUsed(row: { confirmed_at: Date | string; time_zone: string }): LinkAnswer {
  const confirmedAt = new Date(row.confirmed_at);
  return answer(
    409,
    alertLinkPages.alreadyUsed(confirmedAt, criteriaPauseAt(confirmedAt), linkDates(row.time_zone)),
  );
}

const sameInstant = (a: Date | string, b: Date) => new Date(a).getTime() === b.getTime();

/** GET of a 'Still accurate' link: the page with the button, or why it cannot be used. */
export async function askConfirm(db: Db, secret: string, token: unknown): Promise<LinkAnswer> {
  const checked = await check(db, secret, token, 'confirm-criteria');
  if (isAnswer(checked)) return checked;
  const row = await criteriaRepo.findAlertSettings(db, checked.user.id);
  if (!row) return answer(400, alertLinkPages.noCriteria);
  if (!sameInstant(row.confirmed_at, checked.link.confirmedAt)) return alreadyUsed(row);
  return answer(
    200,
    alertLinkPages.askConfirm(criteriaPauseAt(row.confirmed_at), linkDates(row.time_zone)),
    true,
  );
}

/**
 * POST of a 'Still accurate' link: confirms the criteria, audited, when the confirmation the link was
 * sent about is still their latest, all under the criteria row's lock (a second POST, on any
 * instance, waits for the first and then finds a newer confirmation: 409, nothing changed).
 */
export async function confirmByLink(db: Db, secret: string, token: unknown): Promise<LinkAnswer> {
  const checked = await check(db, secret, token, 'confirm-criteria');
  if (isAnswer(checked)) return checked;
  const { link, user } = checked;
  return auditedTransaction(db, async (trx) => {
    const locked = await criteriaRepo.findCriteria(trx, user.id, { forUpdate: true });
    const settings = locked && (await criteriaRepo.findAlertSettings(trx, user.id));
    if (!locked || !settings) return answer(400, alertLinkPages.noCriteria);
    if (!sameInstant(locked.confirmed_at, link.confirmedAt)) return alreadyUsed(settings);
    const row = await criteriaRepo.confirmCriteria(trx, user.id);
    if (!row) return answer(400, alertLinkPages.noCriteria);
    await recordAudit(trx, {
      actor: { id: user.id, name: user.name ?? '' },
      action: 'funder_criteria.confirmed',
      targetType: 'user',
      targetId: user.id,
      before: null,
      after: { via: 'email_link', confirmed_at: new Date(row.confirmed_at).toISOString() },
    });
    return answer(
      200,
      alertLinkPages.confirmed(criteriaPauseAt(row.confirmed_at), linkDates(settings.time_zone)),
    );
  });
}
