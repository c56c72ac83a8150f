import { describe, expect, it } from 'vitest';
import { accessDecisions, openAccessStatuses } from '../src/access';
import { accessUntilMessages } from '../src/access-dates';
import { accessEndedMessage, reasonText } from '../src/access-ended';
import {
  accessDecisionBody,
  accessEndsAt,
  accessTransitions,
  canRevokeAccess,
  formatAccessLastDay,
  hasAccessLapsed,
  isExpiryNoticeDue,
  lapsedReason,
  revocationMessages,
  revokeAccessBody,
} from '../src/access-revocation';
import { dealAccessTransitions } from '../src/deals';
import { accessStatuses, hasGrantedAccess, offMarketAccessStatuses } from '../src/marketplace';

describe('access state machine', () => {
  it('revoke: only granted access that is not yet funded', () => {
    expect(accessStatuses.filter(canRevokeAccess)).toEqual(['approved', 'due_diligence', 'term_sheet']);
  });

  it('revoked: no access, off the funder’s market, and it keeps the one open request', () => {
    expect(hasGrantedAccess('revoked')).toBe(false);
    expect(offMarketAccessStatuses).toContain('revoked');
    expect(openAccessStatuses).toContain('revoked');
  });

  it('the machine names every transition the code makes, and only from where the code allows it', () => {
    for (const [decision, to] of Object.entries(accessDecisions))
      expect(accessTransitions).toContainEqual(
        expect.objectContaining({ event: decision, from: 'pending', to }),
      );
    for (const { from, to } of Object.values(dealAccessTransitions))
      expect(accessTransitions).toContainEqual(expect.objectContaining({ from, to }));
    const intoRevoked = accessTransitions.filter((t) => t.to === 'revoked');
    expect(new Set(intoRevoked.map((t) => t.from))).toEqual(
      new Set(['approved', 'due_diligence', 'term_sheet']),
    );
    // Nothing leaves revoked, declined, funded or closed.
    expect(
      accessTransitions.filter((t) => ['revoked', 'declined', 'funded', 'closed'].includes(t.from)),
    ).toEqual([]);
  });
});

describe('bodies', () => {
  it('revoke: the reason is trimmed, 1 to 1000 characters', () => {
    expect(revokeAccessBody.parse({ reason: '  Not a fit  ' })).toEqual({ reason: 'Not a fit' });
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(1001) }, { reason: 'ok', extra: 1 }])
      expect(revokeAccessBody.safeParse(body).success).toBe(false);
    expect(revokeAccessBody.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe(
      revocationMessages.reasonRequired,
    );
  });

  it('decision: no body, null, or access_until as text (which days: accessUntilIssue, access-dates.test.ts)', () => {
    expect(accessDecisionBody.parse(undefined)).toBeUndefined();
    expect(accessDecisionBody.parse(null)).toBeNull();
    expect(accessDecisionBody.parse({ access_until: '2027-03-01' })).toEqual({ access_until: '2027-03-01' });
    for (const access_until of [20270301, true, {}, 'x'.repeat(33)])
      expect(accessDecisionBody.safeParse({ access_until }).error?.issues[0]?.message).toBe(
        accessUntilMessages.notADate,
      );
    expect(accessDecisionBody.safeParse({ access_until: '2027-03-01', extra: 1 }).success).toBe(false);
  });
});

describe("'Access until'", () => {
  it('ends at the midnight that starts the next day in Sydney, daylight saving or not', () => {
    // AEDT (UTC+11) in summer, AEST (UTC+10) in winter.
    expect(accessEndsAt('2027-01-15').toISOString()).toBe('2027-01-15T13:00:00.000Z');
    expect(accessEndsAt('2027-07-15').toISOString()).toBe('2027-07-15T14:00:00.000Z');
    // The days daylight saving ends (4 Apr 2027) and starts (3 Oct 2027).
    expect(accessEndsAt('2027-04-04').toISOString()).toBe('2027-04-04T14:00:00.000Z');
    expect(accessEndsAt('2027-10-03').toISOString()).toBe('2027-10-03T13:00:00.000Z');
    expect(formatAccessLastDay(accessEndsAt('2027-01-15'))).toBe('15 Jan 2027');
    expect(lapsedReason(accessEndsAt('2027-07-15'))).toBe('Access period ended on 15 July 2027');
  });

  it('notice: due within three days of the end, once', () => {
    const end = new Date('2027-01-15T13:00:00Z');
    const at = (iso: string) => new Date(iso);
    const request = { access_until: end, expiry_notice_sent_at: null };
    expect(isExpiryNoticeDue(request, at('2027-01-12T12:59:59Z'))).toBe(false);
    expect(isExpiryNoticeDue(request, at('2027-01-12T13:00:00Z'))).toBe(true);
    expect(isExpiryNoticeDue({ ...request, expiry_notice_sent_at: at('2027-01-13T00:00:00Z') }, end)).toBe(
      false,
    );
    expect(isExpiryNoticeDue({ access_until: null, expiry_notice_sent_at: null }, end)).toBe(false);
    expect(hasAccessLapsed(request, at('2027-01-15T12:59:59Z'))).toBe(false);
    expect(hasAccessLapsed(request, end)).toBe(true);
    expect(hasAccessLapsed({ access_until: null }, end)).toBe(false);
  });
});

// Issue 37 items 1 and 11: the reason ends one sentence, never with a doubled full stop.
describe('reasonText and accessEndedMessage', () => {
  it('drops the reason’s own trailing full stop and spaces', () => {
    expect(reasonText('We chose another lender.')).toBe('We chose another lender');
    expect(reasonText('  Terms changed..  ')).toBe('Terms changed');
    expect(`Reason: ${reasonText('Undertaking breached.')}. Access was revoked`).toBe(
      'Reason: Undertaking breached. Access was revoked',
    );
  });

  it('revoked: title, Sydney date and reason; lapsed: the last day of access', () => {
    expect(
      accessEndedMessage({
        project_title: 'Eastwood Rise',
        ended_at: '2026-11-28T20:33:00Z',
        reason: 'Terms changed.',
        lapsed: false,
        access_until: null,
      }),
    ).toBe('Your access to Eastwood Rise was revoked on 29 Nov 2026: Terms changed');
    expect(
      accessEndedMessage({
        project_title: 'Brunswick Lane',
        // The end of 20 Dec 2026 in Sydney (AEDT, UTC+11).
        ended_at: '2026-12-20T13:00:05Z',
        reason: 'Access period ended on 20 Dec 2026',
        lapsed: true,
        access_until: '2026-12-20T13:00:00Z',
      }),
    ).toBe('Your access to Brunswick Lane ended on 20 Dec 2026');
  });
});
