import { describe, expect, it } from 'vitest';
import { adminMessages, denySubscriptionBody } from '../src/admin';
import type { SubscriptionStatus } from '../src/roles';
import {
  applySubscriptionEvent,
  createSubscriptionBody,
  derivedSubscriptionStatus,
  hasMarketplaceAccess,
  isSubscriptionExpired,
  oneMonthAfter,
  type SubscriptionActor,
  type SubscriptionEvent,
  type SubscriptionState,
  subscriptionMessages,
} from '../src/subscriptions';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-12-22T10:00:00.000Z');
const earlier = new Date('2026-10-22T10:00:00.000Z');

const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscription_status: 'none',
  approved: true,
  subscription_period_end: null,
  cancel_at_period_end: false,
  ...overrides,
});

const statuses: SubscriptionStatus[] = ['none', 'payment_pending', 'active', 'inactive', 'cancelled'];

/** Applies an event and returns the next state, failing the test if it is refused. */
function next(s: SubscriptionState, event: SubscriptionEvent, actor: SubscriptionActor) {
  const result = applySubscriptionEvent(s, event, actor);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.next;
}

describe('oneMonthAfter', () => {
  it('oneMonthAfter: keeps the day and time of day', () => {
    expect(oneMonthAfter(now).toISOString()).toBe('2026-12-22T10:00:00.000Z');
  });

  it('oneMonthAfter: 31 January ends on the last day of February (28, or 29 in a leap year)', () => {
    expect(oneMonthAfter(new Date('2027-01-31T00:00:00Z')).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(oneMonthAfter(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('oneMonthAfter: December rolls into January of the next year', () => {
    expect(oneMonthAfter(new Date('2026-12-15T08:30:00Z')).toISOString()).toBe('2027-01-15T08:30:00.000Z');
  });
});

describe('applySubscriptionEvent: the paths of DESIGN.md section 5', () => {
  it('payment_succeeded: none, inactive, denied and failed become payment_pending (by the funder or the provider)', () => {
    for (const from of ['none', 'inactive', 'denied', 'failed'] as const) {
      for (const actor of ['funder', 'system'] as const) {
        expect(next(state({ subscription_status: from }), { type: 'payment_succeeded' }, actor)).toEqual(
          state({ subscription_status: 'payment_pending' }),
        );
      }
    }
  });

  it('payment_succeeded: an active, pending or cancelled subscription is refused with its own message', () => {
    const refusal = (subscription_status: SubscriptionStatus) =>
      applySubscriptionEvent(state({ subscription_status }), { type: 'payment_succeeded' }, 'funder');
    expect(refusal('active')).toEqual({
      ok: false,
      reason: 'state',
      message: subscriptionMessages.alreadyActive,
    });
    expect(refusal('payment_pending')).toMatchObject({ message: subscriptionMessages.alreadyPending });
    expect(refusal('cancelled')).toMatchObject({ message: subscriptionMessages.cancelledStillPaid });
  });

  it('approve: payment_pending becomes active for one month from now', () => {
    expect(
      next(state({ subscription_status: 'payment_pending' }), { type: 'approve', now }, 'admin'),
    ).toEqual(state({ subscription_status: 'active', subscription_period_end: later }));
  });

  it('deny: payment_pending becomes denied (spec 001 section 4.3)', () => {
    expect(next(state({ subscription_status: 'payment_pending' }), { type: 'deny' }, 'admin')).toEqual(
      state({ subscription_status: 'denied' }),
    );
  });

  it('payment_failed: payment_pending becomes failed (admin or provider; spec 001 section 4.3)', () => {
    for (const actor of ['admin', 'system'] as const) {
      expect(
        next(state({ subscription_status: 'payment_pending' }), { type: 'payment_failed' }, actor),
      ).toEqual(state({ subscription_status: 'failed' }));
    }
  });

  it('denied and failed: never renewed, and derived as Inactive on the Subscriptions tab', () => {
    for (const from of ['denied', 'failed'] as const) {
      const result = applySubscriptionEvent(
        state({ subscription_status: from }),
        { type: 'renew', periodEnd: now },
        'system',
      );
      expect(result, from).toMatchObject({ ok: false, reason: 'state' });
      expect(derivedSubscriptionStatus({ subscription_status: from, approved: true })).toBe('Inactive');
    }
  });

  it('approve, deny and payment_failed: any state but payment_pending is refused (409 message)', () => {
    for (const from of statuses.filter((s) => s !== 'payment_pending')) {
      for (const event of [{ type: 'approve', now }, { type: 'deny' }, { type: 'payment_failed' }] as const) {
        const result = applySubscriptionEvent(state({ subscription_status: from }), event, 'admin');
        expect(result, `${event.type} from ${from}`).toMatchObject({ ok: false, reason: 'state' });
      }
    }
    expect(applySubscriptionEvent(state({ subscription_status: 'none' }), { type: 'deny' }, 'admin')).toEqual(
      {
        ok: false,
        reason: 'state',
        message: 'Only a subscription awaiting approval can be denied',
      },
    );
  });

  it('cancel: active becomes cancelled, keeping its period, with cancel_at_period_end', () => {
    expect(
      next(
        state({ subscription_status: 'active', subscription_period_end: later }),
        { type: 'cancel' },
        'funder',
      ),
    ).toEqual(
      state({ subscription_status: 'cancelled', subscription_period_end: later, cancel_at_period_end: true }),
    );
  });

  it("cancel: anything but active is refused with 'You have no active subscription to cancel'", () => {
    for (const from of statuses.filter((s) => s !== 'active')) {
      expect(
        applySubscriptionEvent(state({ subscription_status: from }), { type: 'cancel' }, 'funder'),
      ).toEqual({
        ok: false,
        reason: 'state',
        message: subscriptionMessages.nothingToCancel,
      });
    }
  });

  it('expire: a cancelled or active subscription whose period has ended becomes inactive', () => {
    for (const from of ['cancelled', 'active'] as const) {
      const s = state({
        subscription_status: from,
        subscription_period_end: earlier,
        cancel_at_period_end: true,
      });
      expect(next(s, { type: 'expire', now }, 'system')).toEqual(
        state({ subscription_status: 'inactive', subscription_period_end: earlier }),
      );
    }
  });

  it('expire: a period that has not ended yet is refused', () => {
    const s = state({ subscription_status: 'cancelled', subscription_period_end: later });
    expect(applySubscriptionEvent(s, { type: 'expire', now }, 'system')).toMatchObject({
      ok: false,
      reason: 'state',
    });
    expect(
      applySubscriptionEvent(
        state({ subscription_status: 'inactive', subscription_period_end: earlier }),
        {
          type: 'expire',
          now,
        },
        'system',
      ),
    ).toMatchObject({ ok: false, reason: 'state' });
  });

  it('renew: the period runs on to the new end, and never shrinks', () => {
    const active = state({ subscription_status: 'active', subscription_period_end: now });
    expect(next(active, { type: 'renew', periodEnd: later }, 'system')).toEqual(
      state({ subscription_status: 'active', subscription_period_end: later }),
    );
    const approvedLater = state({ subscription_status: 'active', subscription_period_end: later });
    expect(next(approvedLater, { type: 'renew', periodEnd: now }, 'system').subscription_period_end).toEqual(
      later,
    );
    expect(
      next(state({ subscription_status: 'inactive' }), { type: 'renew', periodEnd: later }, 'system'),
    ).toEqual(state({ subscription_status: 'active', subscription_period_end: later }));
  });

  it('resume and end: the provider un-cancels a cancelled subscription, or ends a live one', () => {
    expect(
      next(
        state({ subscription_status: 'cancelled', cancel_at_period_end: true }),
        { type: 'resume' },
        'system',
      ),
    ).toEqual(state({ subscription_status: 'active' }));
    expect(next(state({ subscription_status: 'active' }), { type: 'end' }, 'system')).toEqual(
      state({ subscription_status: 'inactive' }),
    );
    expect(
      applySubscriptionEvent(state({ subscription_status: 'none' }), { type: 'end' }, 'system'),
    ).toMatchObject({
      ok: false,
    });
  });

  it('force_approve: an unapproved funder in any state becomes approved and active for a month', () => {
    for (const from of statuses) {
      expect(
        next(state({ subscription_status: from, approved: false }), { type: 'force_approve', now }, 'admin'),
        from,
      ).toEqual(state({ subscription_status: 'active', approved: true, subscription_period_end: later }));
    }
  });

  it('force_approve: an active subscription keeps its period; an approved, active funder is refused', () => {
    const farLater = new Date('2027-01-10T00:00:00Z');
    expect(
      next(
        state({ subscription_status: 'active', approved: false, subscription_period_end: farLater }),
        { type: 'force_approve', now },
        'admin',
      ).subscription_period_end,
    ).toEqual(farLater);
    expect(
      applySubscriptionEvent(
        state({ subscription_status: 'active' }),
        { type: 'force_approve', now },
        'admin',
      ),
    ).toEqual({
      ok: false,
      reason: 'state',
      message: 'This funder is already approved with an active subscription',
    });
  });

  it('roles: funders cannot approve, admins cannot cancel for a funder, nobody but the system renews or expires', () => {
    const pending = state({ subscription_status: 'payment_pending' });
    const refusedRole = { ok: false, reason: 'role', message: 'Your role does not allow this' };
    expect(applySubscriptionEvent(pending, { type: 'approve', now }, 'funder')).toEqual(refusedRole);
    expect(applySubscriptionEvent(pending, { type: 'deny' }, 'borrower')).toEqual(refusedRole);
    expect(applySubscriptionEvent(pending, { type: 'force_approve', now }, 'system')).toEqual(refusedRole);
    const active = state({ subscription_status: 'active', subscription_period_end: earlier });
    expect(applySubscriptionEvent(active, { type: 'cancel' }, 'admin')).toEqual(refusedRole);
    expect(applySubscriptionEvent(active, { type: 'renew', periodEnd: later }, 'admin')).toEqual(refusedRole);
    expect(applySubscriptionEvent(active, { type: 'expire', now }, 'funder')).toEqual(refusedRole);
    expect(applySubscriptionEvent(state(), { type: 'payment_succeeded' }, 'admin')).toEqual(refusedRole);
  });
});

describe('isSubscriptionExpired', () => {
  it('isSubscriptionExpired: a cancelled subscription ends exactly at its period end', () => {
    const s = { subscription_status: 'cancelled' as const, subscription_period_end: now };
    expect(isSubscriptionExpired(s, new Date(now.getTime() - 1))).toBe(false);
    expect(isSubscriptionExpired(s, now)).toBe(true);
    expect(isSubscriptionExpired(s, now, 3 * 86_400_000)).toBe(true);
  });

  it('isSubscriptionExpired: an active subscription waits for the renewal grace too', () => {
    const s = { subscription_status: 'active' as const, subscription_period_end: now };
    expect(isSubscriptionExpired(s, now)).toBe(true);
    expect(isSubscriptionExpired(s, new Date(now.getTime() + 1000), 60_000)).toBe(false);
    expect(isSubscriptionExpired(s, new Date(now.getTime() + 60_000), 60_000)).toBe(true);
  });

  it('isSubscriptionExpired: no period, or any other state, never expires', () => {
    expect(isSubscriptionExpired({ subscription_status: 'active', subscription_period_end: null }, now)).toBe(
      false,
    );
    for (const status of ['none', 'payment_pending', 'inactive'] as const) {
      expect(
        isSubscriptionExpired({ subscription_status: status, subscription_period_end: earlier }, now),
      ).toBe(false);
    }
  });
});

describe('derivedSubscriptionStatus and hasMarketplaceAccess', () => {
  it('derivedSubscriptionStatus: Active only when active and approved; Pending Review when payment_pending', () => {
    expect(derivedSubscriptionStatus({ subscription_status: 'active', approved: true })).toBe('Active');
    expect(derivedSubscriptionStatus({ subscription_status: 'active', approved: false })).toBe('Inactive');
    expect(derivedSubscriptionStatus({ subscription_status: 'payment_pending', approved: false })).toBe(
      'Pending Review',
    );
    for (const status of ['none', 'inactive', 'cancelled']) {
      expect(derivedSubscriptionStatus({ subscription_status: status, approved: true })).toBe('Inactive');
    }
  });

  it('hasMarketplaceAccess: a cancelled subscription keeps access until its period ends', () => {
    const funder = { role: 'funder', approved: true, subscription_status: 'cancelled' };
    expect(hasMarketplaceAccess({ ...funder, subscription_period_end: later }, now)).toBe(true);
    expect(hasMarketplaceAccess({ ...funder, subscription_period_end: earlier }, now)).toBe(false);
    expect(
      hasMarketplaceAccess(
        { ...funder, subscription_status: 'payment_pending', subscription_period_end: null },
        now,
      ),
    ).toBe(false);
    expect(
      hasMarketplaceAccess({
        ...funder,
        approved: false,
        subscription_status: 'active',
        subscription_period_end: later,
      }),
    ).toBe(false);
  });
});

describe('request bodies', () => {
  it("createSubscriptionBody: a blank payment method fails with 'A card is required'; it is trimmed", () => {
    expect(createSubscriptionBody.safeParse({ payment_method_id: '  ' }).error?.issues[0]?.message).toBe(
      'A card is required',
    );
    expect(createSubscriptionBody.parse({ payment_method_id: ' pm_card_visa ' })).toEqual({
      payment_method_id: 'pm_card_visa',
    });
    expect(createSubscriptionBody.safeParse({ payment_method_id: 'pm_card_visa', plan: 'x' }).success).toBe(
      false,
    );
  });

  it("denySubscriptionBody: no reason, or only spaces, fails with 'Please provide a reason for denial'", () => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      expect(denySubscriptionBody.safeParse(body).error?.issues[0]?.message).toBe(
        adminMessages.denialReasonRequired,
      );
    }
    expect(denySubscriptionBody.parse({ reason: '  ABN does not match  ' })).toEqual({
      reason: 'ABN does not match',
    });
  });
});
