import { CRITERIA_PAUSE_DAYS, criteriaPauseAt } from './listing-alerts';

/**
 * The signed links in listing-alert e-mails (issue 22; issue 29 finding 8; decisions 044 and 048):
 * what each may do, how long it works, and every word of the pages they open. Opening a link (GET)
 * only shows a page with one button; pressing it (POST) acts. Every token carries an expiry; a
 * 'Still accurate' link names the confirmation it was sent about, so it works once and not after
 * the criteria paused.
 */

/**
 * Where the links go: anonymous routes, GET (a page, no change) and POST (the change) on each; the
 * signed token in `?token=` is the only authority.
 */
export const alertLinkPaths = {
  unsubscribe: '/api/listing-alerts/unsubscribe',
  confirmCriteria: '/api/listing-alerts/confirm-criteria',
} as const;

/** What a signed link may do: one purpose each (the token's audience). */
export const signedLinkPurposes = ['unsubscribe-alerts', 'confirm-criteria'] as const;
export type SignedLinkPurpose = (typeof signedLinkPurposes)[number];

/** How long an unsubscribe link in an alert e-mail works. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When an unsubscribe link issued at `issuedAt` stops working. */
export const unsubscribeLinkExpiresAt = (issuedAt: Date) =>
  new Date(issuedAt.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS);

/**
 * When a 'Still accurate' link about criteria confirmed at `confirmedAt` stops working: when those
 * criteria pause. After that it would resume alerts the funder let lapse, so they confirm in the app.
 */
export const confirmLinkExpiresAt = (confirmedAt: Date | string) => criteriaPauseAt(confirmedAt);

/** The longest a token of each purpose can have been valid for, checked against its issue time too. */
export const signedLinkMaxAgeDays: Record<SignedLinkPurpose, number> = {
  'unsubscribe-alerts': UNSUBSCRIBE_LINK_DAYS,
  'confirm-criteria': CRITERIA_PAUSE_DAYS,
};

/** A page a link opens: its title (h1), what it says, and its one button when it asks first. */
export interface LinkPage {
  title: string;
  text: string;
  button?: string;
}

/** Dates as the funder reads them, in their own time zone: '2 December 2026', '9:05 am'. */
export interface LinkDates {
  day: (at: Date) => string;
  time: (at: Date) => string;
}

export const alertLinkPages = {
  askUnsubscribe: {
    title: 'Unsubscribe from listing alert e-mails',
    text: 'Press the button to stop e-mails about new listings that match your lending criteria. The alerts still appear in your notifications on Plinth, and you can turn the e-mails back on in your settings.',
    button: 'Stop listing alert e-mails',
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    text: 'You will no longer get e-mails about listings that match your lending criteria. They still appear in your notifications on Plinth, and you can turn the e-mails back on in your settings.',
  },
  askConfirm: (pausesAt: Date, dates: LinkDates): LinkPage => ({
    title: 'Are your lending criteria still accurate?',
    text: `Your listing alerts pause on ${dates.day(pausesAt)} unless you confirm your lending criteria. If they still describe the loans you want to hear about, press the button: your alerts then continue for the next ${CRITERIA_PAUSE_DAYS} days. If something has changed, edit your criteria in your settings instead.`,
    button: 'Confirm my criteria are still accurate',
  }),
  confirmed: (pausesAt: Date, dates: LinkDates): LinkPage => ({
    title: 'Your lending criteria are confirmed',
    text: `Thank you. Your listing alerts continue until ${dates.day(pausesAt)}, and we will ask again before then.`,
  }),
  alreadyUsed: (confirmedAt: Date, pausesAt: Date, dates: LinkDates): LinkPage => ({
    title: 'This link has already been used',
    text: `Each 'Still accurate' link works once. Your lending criteria were confirmed on ${dates.day(confirmedAt)} at ${dates.time(confirmedAt)}, after this e-mail was sent, so nothing has changed. Your listing alerts continue until ${dates.day(pausesAt)}.`,
  }),
  unsubscribeExpired: {
    title: 'This link has expired',
    text: `Unsubscribe links work for ${UNSUBSCRIBE_LINK_DAYS} days after their e-mail is sent. To stop listing alert e-mails, use the link in a more recent alert, or sign in to Plinth and turn them off in Settings.`,
  },
  confirmExpired: (pausedAt: Date, dates: LinkDates): LinkPage => ({
    title: 'This link has expired',
    text: `This 'Still accurate' link worked until your listing alerts paused on ${dates.day(pausedAt)}. To resume them, sign in to Plinth and confirm your lending criteria from your dashboard.`,
  }),
  invalid: {
    title: 'This link cannot be used',
    text: 'This link is not valid: it may be incomplete or changed. Sign in to Plinth and change your alert settings there.',
  },
  noCriteria: {
    title: 'This link cannot be used',
    text: 'You have no saved lending criteria to confirm. Sign in to Plinth and save them in your settings.',
  },
} as const satisfies Record<string, LinkPage | ((...args: never[]) => LinkPage)>;

/** '2 December 2026' and '9:05 am' in `timeZone` (en-AU). */
export function linkDates(timeZone: string): LinkDates {
  const day = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-AU', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  });
  return { day: (at) => day.format(at), time: (at) => time.format(at) };
}
