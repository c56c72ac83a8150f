import { describe, expect, it } from 'vitest';
import {
  type AdminListingLabel,
  type AdminStatusChoice,
  adminListingLabel,
  adminListingLabels,
  adminStatusChoices,
  applyListingEvent,
  canEditListing,
  type ListingEvent,
  type ListingLabel,
  type ListingState,
  listingLabel,
  listingLabels,
  paymentStatuses,
} from '../src/listing';
import type { Role } from '../src/roles';

type Actor = Role | 'system';

// Every state a listing can reach through the machine (DESIGN.md section 5, spec 001 sections 4.1-4.2).
const states = {
  draft: { payment_status: 'unpaid', visible: false, submission_status: null, payment_not_received: false },
  'draft after payment not received': {
    payment_status: 'unpaid',
    visible: false,
    submission_status: 'rejected',
    payment_not_received: true,
  },
  'under review': {
    payment_status: 'payment_pending',
    visible: false,
    submission_status: 'submitted',
    payment_not_received: false,
  },
  published: {
    payment_status: 'paid',
    visible: true,
    submission_status: 'submitted',
    payment_not_received: false,
  },
  rejected: {
    payment_status: 'paid',
    visible: false,
    submission_status: 'rejected',
    payment_not_received: false,
  },
  'paid unpublished': {
    payment_status: 'paid',
    visible: false,
    submission_status: 'submitted',
    payment_not_received: false,
  },
} satisfies Record<string, ListingState>;
type StateName = keyof typeof states;
const stateNames = Object.keys(states) as StateName[];
const actors: Actor[] = ['borrower', 'funder', 'admin', 'system'];

/** A fresh, frozen copy, so a transition that mutated its input would throw. */
const stateOf = (name: StateName): ListingState => Object.freeze({ ...states[name] });
/** The state as a listing no deal has funded (project.funded_at null), for the label functions. */
const unfunded = (s: ListingState) => ({ ...s, funded_at: null });

describe('listing labels', () => {
  const developerLabels: Record<StateName, ListingLabel> = {
    draft: 'Draft',
    'draft after payment not received': 'Draft',
    'under review': 'Under Review',
    published: 'Published',
    rejected: 'Rejected',
    'paid unpublished': 'Rejected',
  };

  it.each(stateNames)('listingLabel: a listing that is %s is labelled as spec 000 section 2 says', (name) => {
    expect(listingLabel({ ...stateOf(name), funded_at: null })).toBe(developerLabels[name]);
  });

  it("listingLabel: unpaid is 'Draft', payment_pending 'Under Review', paid+visible 'Published', paid hidden 'Rejected'", () => {
    expect(listingLabel({ payment_status: 'unpaid', visible: false, funded_at: null })).toBe('Draft');
    expect(listingLabel({ payment_status: 'payment_pending', visible: false, funded_at: null })).toBe(
      'Under Review',
    );
    expect(listingLabel({ payment_status: 'paid', visible: true, funded_at: null })).toBe('Published');
    expect(listingLabel({ payment_status: 'paid', visible: false, funded_at: null })).toBe('Rejected');
  });

  it('listingLabel: visibility does not change the label of an unpaid or pending listing', () => {
    expect(listingLabel({ payment_status: 'unpaid', visible: true, funded_at: null })).toBe('Draft');
    expect(listingLabel({ payment_status: 'payment_pending', visible: true, funded_at: null })).toBe(
      'Under Review',
    );
  });

  // Spec 001 section 2.3: 'Pending Review' if payment_pending; else 'Published' if visible; else
  // 'Rejected' if submission_status is rejected; else 'Draft'.
  const adminLabels: Record<StateName, AdminListingLabel> = {
    draft: 'Draft',
    'draft after payment not received': 'Rejected',
    'under review': 'Pending Review',
    published: 'Published',
    rejected: 'Rejected',
    'paid unpublished': 'Draft',
  };

  it.each(stateNames)(
    'adminListingLabel: a listing that is %s is labelled as spec 001 section 2.3 says',
    (name) => {
      expect(adminListingLabel({ ...stateOf(name), funded_at: null })).toBe(adminLabels[name]);
    },
  );

  it("adminListingLabel: payment_pending wins over visible and rejected ('Pending Review')", () => {
    expect(
      adminListingLabel({
        payment_status: 'payment_pending',
        visible: true,
        submission_status: 'rejected',
        funded_at: null,
      }),
    ).toBe('Pending Review');
  });

  it("adminListingLabel: visible wins over a rejected submission ('Published')", () => {
    expect(
      adminListingLabel({
        payment_status: 'paid',
        visible: true,
        submission_status: 'rejected',
        funded_at: null,
      }),
    ).toBe('Published');
  });

  it("adminListingLabel: a hidden listing with a rejected submission is 'Rejected' whatever its payment", () => {
    expect(
      adminListingLabel({
        payment_status: 'paid',
        visible: false,
        submission_status: 'rejected',
        funded_at: null,
      }),
    ).toBe('Rejected');
    expect(
      adminListingLabel({
        payment_status: 'unpaid',
        visible: false,
        submission_status: 'rejected',
        funded_at: null,
      }),
    ).toBe('Rejected');
  });

  it("adminListingLabel: a hidden listing that is not rejected is 'Draft', paid or not", () => {
    expect(
      adminListingLabel({
        payment_status: 'unpaid',
        visible: false,
        submission_status: null,
        funded_at: null,
      }),
    ).toBe('Draft');
    expect(
      adminListingLabel({
        payment_status: 'paid',
        visible: false,
        submission_status: 'submitted',
        funded_at: null,
      }),
    ).toBe('Draft');
  });
});

// Issue 23 item 5: a completed deal marks its project funded (project.funded_at); from then on the
// listing reads 'Funded' to its developer and to admins, whatever its listing state.
describe('listing labels: a funded listing', () => {
  const fundedAt = '2026-11-28T03:00:00.000Z';

  it.each(stateNames)("listingLabel: a funded listing that is %s reads 'Funded'", (name) => {
    expect(listingLabel({ ...stateOf(name), funded_at: fundedAt })).toBe('Funded');
  });

  it.each(stateNames)("adminListingLabel: a funded listing that is %s reads 'Funded'", (name) => {
    expect(adminListingLabel({ ...stateOf(name), funded_at: fundedAt })).toBe('Funded');
  });

  it("the funded state as the database gives it (a Date) or the API (an ISO string) reads 'Funded'; null does not", () => {
    const live = { payment_status: 'paid', visible: true, submission_status: 'submitted' } as const;
    expect(listingLabel({ ...live, funded_at: new Date(fundedAt) })).toBe('Funded');
    expect(adminListingLabel({ ...live, funded_at: new Date(fundedAt) })).toBe('Funded');
    expect(listingLabel({ ...live, funded_at: null })).toBe('Published');
    expect(adminListingLabel({ ...live, funded_at: null })).toBe('Published');
  });

  it("'Funded' is one of the labels the response schemas carry", () => {
    expect(listingLabels).toContain('Funded');
    expect(adminListingLabels).toContain('Funded');
  });
});

describe('canEditListing', () => {
  const editable: Record<StateName, boolean> = {
    draft: true,
    'draft after payment not received': true,
    'under review': false,
    published: false,
    rejected: true,
    'paid unpublished': true,
  };

  it.each(stateNames)('canEditListing: a listing that is %s answers as spec 000 section 2 says', (name) => {
    expect(canEditListing(stateOf(name))).toBe(editable[name]);
  });

  it('canEditListing: an unpaid draft and a paid hidden listing are editable; pending and live are not', () => {
    expect(canEditListing({ payment_status: 'unpaid', visible: false })).toBe(true);
    expect(canEditListing({ payment_status: 'payment_pending', visible: false })).toBe(false);
    expect(canEditListing({ payment_status: 'paid', visible: true })).toBe(false);
    expect(canEditListing({ payment_status: 'paid', visible: false })).toBe(true);
  });
});

describe('listing enumerations', () => {
  it('paymentStatuses: are unpaid, payment_pending and paid', () => {
    expect(paymentStatuses).toEqual(['unpaid', 'payment_pending', 'paid']);
  });

  it("adminStatusChoices: are the five options of the admin's Change Status dropdown (spec 001 section 4.1)", () => {
    expect(adminStatusChoices).toEqual([
      'draft',
      'payment_pending',
      'paid_unpublished',
      'published',
      'rejected',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// applyListingEvent: every event x every state x every actor.

// The states each transition leads to, written out by hand from DESIGN.md section 5 and spec 001.
const toDraft: ListingState = {
  payment_status: 'unpaid',
  visible: false,
  submission_status: null,
  payment_not_received: false,
};
const toUnderReview: ListingState = {
  payment_status: 'payment_pending',
  visible: false,
  submission_status: 'submitted',
  payment_not_received: false,
};
const toPublished: ListingState = {
  payment_status: 'paid',
  visible: true,
  submission_status: 'submitted',
  payment_not_received: false,
};
const toRejected: ListingState = {
  payment_status: 'paid',
  visible: false,
  submission_status: 'rejected',
  payment_not_received: false,
};
const toDraftPaymentNotReceived: ListingState = {
  payment_status: 'unpaid',
  visible: false,
  submission_status: 'rejected',
  payment_not_received: true,
};
const toPaidUnpublished: ListingState = {
  payment_status: 'paid',
  visible: false,
  submission_status: 'submitted',
  payment_not_received: false,
};

interface TransitionCase {
  name: string;
  event: ListingEvent;
  actors: Actor[];
  /** The states the event may start from, each with the state it leads to. */
  from: Partial<Record<StateName, ListingState>>;
  /** The message when an allowed actor tries it from any other state. */
  refusal: string;
}

const everyState = (next: ListingState) =>
  Object.fromEntries(stateNames.map((n) => [n, next])) as Record<StateName, ListingState>;
const notUnpaid = (next: ListingState) => ({
  'under review': next,
  published: next,
  rejected: next,
  'paid unpublished': next,
});

const setStatusResults: Record<AdminStatusChoice, ListingState> = {
  draft: toDraft,
  payment_pending: toUnderReview,
  paid_unpublished: toPaidUnpublished,
  published: toPublished,
  rejected: toRejected,
};

const transitions: TransitionCase[] = [
  {
    name: 'payment_succeeded',
    event: { type: 'payment_succeeded' },
    actors: ['borrower', 'system'],
    from: { draft: toUnderReview, 'draft after payment not received': toUnderReview },
    refusal: 'Only an unpaid draft can be paid for',
  },
  {
    name: 'approve',
    event: { type: 'approve' },
    actors: ['admin'],
    from: { 'under review': toPublished },
    refusal: 'Only a project under review can be approved',
  },
  {
    name: 'deny',
    event: { type: 'deny', paymentNotReceived: false },
    actors: ['admin'],
    from: { 'under review': toRejected },
    refusal: 'Only a project under review can be denied',
  },
  {
    name: "deny with 'payment not received'",
    event: { type: 'deny', paymentNotReceived: true },
    actors: ['admin'],
    from: { 'under review': toDraftPaymentNotReceived },
    refusal: 'Only a project under review can be denied',
  },
  {
    name: 'payment_failed',
    event: { type: 'payment_failed' },
    actors: ['admin', 'system'],
    from: { 'under review': toDraft },
    refusal: 'Only a project under review can have its payment marked failed',
  },
  {
    name: 'resubmit',
    event: { type: 'resubmit' },
    actors: ['borrower'],
    from: { rejected: toUnderReview, 'paid unpublished': toUnderReview },
    refusal: 'Only a rejected project can be resubmitted',
  },
  {
    name: 'force_publish',
    event: { type: 'force_publish' },
    actors: ['admin'],
    from: { draft: toPublished, 'draft after payment not received': toPublished },
    refusal: 'Force publish works on unpaid projects only',
  },
  {
    name: 'reapprove',
    event: { type: 'reapprove' },
    actors: ['admin'],
    from: { rejected: toPublished },
    refusal: 'Only a paid, rejected project can be re-approved',
  },
  {
    name: 'revert_to_draft',
    event: { type: 'revert_to_draft' },
    actors: ['admin'],
    from: notUnpaid(toDraft),
    refusal: 'The project is already a draft',
  },
  {
    name: 'reject',
    event: { type: 'reject' },
    actors: ['admin'],
    from: notUnpaid(toRejected),
    refusal: 'An unpaid draft cannot be rejected',
  },
  ...adminStatusChoices.map(
    (status): TransitionCase => ({
      name: `set_status ${status}`,
      event: { type: 'set_status', status },
      actors: ['admin'],
      from: everyState(setStatusResults[status]),
      refusal: '',
    }),
  ),
];

type Row = [string, Actor, StateName, TransitionCase];
const rows = (pick: (t: TransitionCase, actor: Actor, state: StateName) => boolean): Row[] =>
  transitions.flatMap((t) =>
    actors.flatMap((actor) =>
      stateNames.filter((state) => pick(t, actor, state)).map((state): Row => [t.name, actor, state, t]),
    ),
  );

const allowedRows = rows((t, actor, state) => t.actors.includes(actor) && t.from[state] !== undefined);
const wrongStateRows = rows((t, actor, state) => t.actors.includes(actor) && t.from[state] === undefined);
const wrongRoleRows = rows((t, actor) => !t.actors.includes(actor));

describe('applyListingEvent', () => {
  it('applyListingEvent: the table covers every event, state and actor once', () => {
    const total = transitions.length * stateNames.length * actors.length;
    expect(allowedRows.length + wrongStateRows.length + wrongRoleRows.length).toBe(total);
    expect(transitions).toHaveLength(15);
  });

  it.each(allowedRows)(
    'applyListingEvent: %s by %s from %s moves to the expected state',
    (_, actor, state, t) => {
      expect(applyListingEvent(stateOf(state), t.event, actor)).toEqual({ ok: true, next: t.from[state] });
    },
  );

  it.each(wrongStateRows)(
    "applyListingEvent: %s by %s from %s is refused with reason 'state' and its message",
    (_, actor, state, t) => {
      expect(applyListingEvent(stateOf(state), t.event, actor)).toEqual({
        ok: false,
        reason: 'state',
        message: t.refusal,
      });
    },
  );

  it.each(wrongRoleRows)(
    "applyListingEvent: %s by %s from %s is refused with reason 'role'",
    (_, actor, state, t) => {
      expect(applyListingEvent(stateOf(state), t.event, actor)).toEqual({
        ok: false,
        reason: 'role',
        message: 'Your role does not allow this',
      });
    },
  );

  it('applyListingEvent: a funder can make no change to a listing at all', () => {
    for (const t of transitions)
      for (const state of stateNames)
        expect(applyListingEvent(stateOf(state), t.event, 'funder')).toMatchObject({
          ok: false,
          reason: 'role',
        });
  });

  it('applyListingEvent: the role is checked before the state', () => {
    // A borrower approving a published listing is wrong on both counts; the answer names the role.
    expect(applyListingEvent(stateOf('published'), { type: 'approve' }, 'borrower')).toMatchObject({
      ok: false,
      reason: 'role',
    });
  });

  it('applyListingEvent: the developer journey draft → paid → denied → resubmitted → approved ends published', () => {
    const paid = applyListingEvent(stateOf('draft'), { type: 'payment_succeeded' }, 'borrower');
    if (!paid.ok) throw new Error('payment_succeeded refused');
    expect(listingLabel(unfunded(paid.next))).toBe('Under Review');
    const denied = applyListingEvent(paid.next, { type: 'deny', paymentNotReceived: false }, 'admin');
    if (!denied.ok) throw new Error('deny refused');
    expect(listingLabel(unfunded(denied.next))).toBe('Rejected');
    expect(canEditListing(denied.next)).toBe(true);
    const resubmitted = applyListingEvent(denied.next, { type: 'resubmit' }, 'borrower');
    if (!resubmitted.ok) throw new Error('resubmit refused');
    expect(adminListingLabel(unfunded(resubmitted.next))).toBe('Pending Review');
    const approved = applyListingEvent(resubmitted.next, { type: 'approve' }, 'admin');
    expect(approved).toEqual({ ok: true, next: toPublished });
  });

  it("applyListingEvent: deny with 'payment not received' returns the project to an editable, payable draft", () => {
    const denied = applyListingEvent(
      stateOf('under review'),
      { type: 'deny', paymentNotReceived: true },
      'admin',
    );
    if (!denied.ok) throw new Error('deny refused');
    expect(listingLabel(unfunded(denied.next))).toBe('Draft');
    expect(canEditListing(denied.next)).toBe(true);
    expect(applyListingEvent(denied.next, { type: 'payment_succeeded' }, 'borrower')).toEqual({
      ok: true,
      next: toUnderReview,
    });
  });

  it.each([...adminStatusChoices])(
    'applyListingEvent: set_status %s gives the label the admin chose',
    (status) => {
      const expected: Record<AdminStatusChoice, [ListingLabel, AdminListingLabel]> = {
        draft: ['Draft', 'Draft'],
        payment_pending: ['Under Review', 'Pending Review'],
        paid_unpublished: ['Rejected', 'Draft'],
        published: ['Published', 'Published'],
        rejected: ['Rejected', 'Rejected'],
      };
      const result = applyListingEvent(stateOf('published'), { type: 'set_status', status }, 'admin');
      if (!result.ok) throw new Error('set_status refused');
      expect([listingLabel(unfunded(result.next)), adminListingLabel(unfunded(result.next))]).toEqual(
        expected[status],
      );
    },
  );
});
