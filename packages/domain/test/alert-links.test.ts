import { describe, expect, it } from 'vitest';
import {
  alertLinkPages,
  alertLinkPaths,
  confirmLinkExpiresAt,
  linkDates,
  signedLinkMaxAgeDays,
  UNSUBSCRIBE_LINK_DAYS,
  unsubscribeLinkExpiresAt,
} from '../src/alert-links';
import { criteriaPauseAt } from '../src/listing-alerts';

// Issue 29 finding 8 (decision 048): how long the links in alert e-mails work, and what their pages say.

describe('alert links: lifetimes', () => {
  it('an unsubscribe link works for 90 days from its e-mail', () => {
    expect(UNSUBSCRIBE_LINK_DAYS).toBe(90);
    expect(unsubscribeLinkExpiresAt(new Date('2026-11-01T00:00:00.000Z')).toISOString()).toBe(
      '2027-01-30T00:00:00.000Z',
    );
  });

  it("a 'Still accurate' link works until the criteria it asks about pause, not a moment after", () => {
    const confirmedAt = new Date('2026-11-01T14:00:00.000Z');
    expect(confirmLinkExpiresAt(confirmedAt).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(confirmLinkExpiresAt(confirmedAt)).toEqual(criteriaPauseAt(confirmedAt));
  });

  it('no token of ours is older than its purpose allows', () => {
    expect(signedLinkMaxAgeDays).toEqual({ 'unsubscribe-alerts': 90, 'confirm-criteria': 30 });
  });

  it('the paths stay where e-mails already sent point', () => {
    expect(alertLinkPaths).toEqual({
      unsubscribe: '/api/listing-alerts/unsubscribe',
      confirmCriteria: '/api/listing-alerts/confirm-criteria',
    });
  });
});

describe('alert links: the pages', () => {
  const sydney = linkDates('Australia/Sydney');
  const perth = linkDates('Australia/Perth');
  // 1 December 2026 14:00 UTC is 2 December 1:00 am in Sydney and 1 December 10:00 pm in Perth.
  const at = new Date('2026-12-01T14:00:00.000Z');

  it('dates in en-AU, in the funder’s own time zone', () => {
    expect(sydney.day(at)).toBe('2 December 2026');
    expect(perth.day(at)).toBe('1 December 2026');
    expect(sydney.time(at)).toMatch(/^1:00\sam$/);
    expect(perth.time(at)).toMatch(/^10:00\spm$/);
  });

  it('the pages that ask carry one button saying what it does; the others none', () => {
    expect(alertLinkPages.askUnsubscribe.button).toBe('Stop listing alert e-mails');
    expect(alertLinkPages.askConfirm(at, sydney)).toEqual({
      title: 'Are your lending criteria still accurate?',
      text: 'Your listing alerts pause on 2 December 2026 unless you confirm your lending criteria. If they still describe the loans you want to hear about, press the button: your alerts then continue for the next 30 days. If something has changed, edit your criteria in your settings instead.',
      button: 'Confirm my criteria are still accurate',
    });
    for (const page of [
      alertLinkPages.unsubscribed,
      alertLinkPages.confirmed(at, sydney),
      alertLinkPages.alreadyUsed(at, at, sydney),
      alertLinkPages.unsubscribeExpired,
      alertLinkPages.confirmExpired(at, sydney),
      alertLinkPages.invalid,
      alertLinkPages.noCriteria,
    ])
      expect(page, page.title).not.toHaveProperty('button');
  });

  it('each refusal says what happened and what to do', () => {
    const confirmedAt = new Date('2026-11-28T22:05:00.000Z');
    expect(alertLinkPages.alreadyUsed(confirmedAt, criteriaPauseAt(confirmedAt), sydney)).toEqual({
      title: 'This link has already been used',
      text: expect.stringMatching(
        /^Each 'Still accurate' link works once\. Your lending criteria were confirmed on 29 November 2026 at 9:05\sam, after this e-mail was sent, so nothing has changed\. Your listing alerts continue until 29 December 2026\.$/,
      ),
    });
    expect(alertLinkPages.confirmExpired(at, sydney)).toEqual({
      title: 'This link has expired',
      text: "This 'Still accurate' link worked until your listing alerts paused on 2 December 2026. To resume them, sign in to Plinth and confirm your lending criteria from your dashboard.",
    });
    expect(alertLinkPages.unsubscribeExpired.text).toBe(
      'Unsubscribe links work for 90 days after their e-mail is sent. To stop listing alert e-mails, use the link in a more recent alert, or sign in to Plinth and turn them off in Settings.',
    );
    expect(alertLinkPages.invalid).toEqual({
      title: 'This link cannot be used',
      text: 'This link is not valid: it may be incomplete or changed. Sign in to Plinth and change your alert settings there.',
    });
  });
});
