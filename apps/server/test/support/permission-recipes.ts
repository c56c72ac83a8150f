import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { as, borrowerProfile, funderProfile, validProjectBody } from '../helpers';
import type { Actor } from '../permission-matrix.expected';
import { dealUploadBody, quoteBody } from './deal-room';
import { multipartBody } from './documents';
import { createPayableProject } from './payments';
import {
  type Cell,
  type Fresh,
  freshAcceptedDeal,
  freshActor,
  freshDocument,
  freshDocumentRequest,
  freshDownloadCode,
  freshFacilityForFunder,
  freshIntent,
  freshListing,
  freshPendingFunder,
  freshPendingPayment,
  freshPendingQuote,
  freshPendingRequest,
  freshPublished,
  freshSubscription,
  freshUnderReview,
} from './permission-fresh';
import { fillPath, pdf } from './permission-world';
import { freshPresale, freshSettlementPresale, presaleBody, settlementBody } from './presale-world';
import { VISA } from './subscriptions';

// How the permission matrix (../permission-matrix.test.ts) calls each operation.
// ---------------------------------------------------------------------------------------------
// How each operation is called. A body is a minimal valid one, so that a check made in the service
// after validation (ownership, state) is reached: an empty or invalid body would answer 400 and pass
// for "allow" before any such check ran. A call that would change the shared world gets fresh
// objects of its own, per cell. Operations without a recipe are called without a body.

export interface Recipe {
  body?: (c: Cell) => unknown;
  /** A multipart body (file uploads), made again for each call. */
  multipart?: (c: Cell) => { payload: unknown; headers: Record<string, string> };
  query?: (c: Cell) => Record<string, string>;
  fresh?: (c: Cell) => Promise<Fresh>;
  /** A Server-Sent Events stream that stays open: only its status is read. */
  stream?: boolean;
  /** Changes the callers' own standing (subscription, role): run after every other operation. */
  last?: boolean;
}

const reason = 'Permission matrix';
const body = (value: unknown) => ({ body: () => value });
const fundersOf: Actor[] = ['unapprovedFunder', 'subscribedFunder', 'funderWithAccess'];
const ownRole = (actor: Actor) => (fundersOf.includes(actor) ? 'funder' : 'borrower');

export const recipes: Record<string, Recipe> = {
  // Better Auth's endpoints: a new address each time, the owner's own credentials, a fresh caller
  // for signing out (the world's sessions stay), a reset token that is not one (400, past authorisation).
  'POST /api/auth/sign-up/email': {
    body: () => ({
      name: 'Matrix Newcomer',
      email: `matrix-${randomUUID()}@example.test`,
      password: 'correct-horse-battery',
    }),
  },
  'POST /api/auth/sign-in/email': {
    body: ({ w }) => ({ email: w.users.owner.email, password: w.users.owner.password }),
  },
  'POST /api/auth/sign-out': {
    body: () => ({}),
    fresh: async ({ w, actor }) => ({ user: await freshActor(w, actor) }),
  },
  'POST /api/auth/request-password-reset': body({
    email: 'nobody@example.test',
    redirectTo: '/reset-password',
  }),
  'POST /api/auth/reset-password': body({ newPassword: 'another-horse-battery', token: 'not-a-token' }),
  // The caller's own role again: 409 once chosen, for everyone (run last all the same).
  'POST /api/auth/set-role': { body: ({ actor }) => ({ role: ownRole(actor) }), last: true },
  'POST /api/auth/complete-profile': {
    body: ({ actor }) => (ownRole(actor) === 'funder' ? funderProfile : borrowerProfile),
  },
  // {id} is the owner: their own profile, anyone else's.
  'PUT /api/users/{id}/profile': body(borrowerProfile),
  // Each cell closes an account of its own (a fresh user of the actor's kind).
  'DELETE /api/users/me': {
    body: () => ({ confirm: 'DELETE' }),
    fresh: async ({ w, actor }) => ({ user: await freshActor(w, actor) }),
    last: true,
  },
  'POST /api/projects': body(validProjectBody()),
  // The world's listing is published: the owner's edit is a 409 (state), past authorisation.
  'PUT /api/projects/{id}': body(validProjectBody()),
  'POST /api/projects/{id}/documents': {
    multipart: () =>
      multipartBody([pdf('Plans.pdf')], { documentTypes: JSON.stringify(['architectural_plans']) }),
  },
  'DELETE /api/documents/{id}': { fresh: freshDocument },
  // A fresh draft's PDF: marking the world's document view only would close its download to the funder.
  'PATCH /api/documents/{id}': { fresh: freshDocument, body: () => ({ view_only: true }) },
  // A code of the world's project: the granted funder's stamped download of its document.
  'GET /api/document-trace': { fresh: freshDownloadCode, query: ({ values }) => ({ code: values.code! }) },
  'POST /api/document-trace': {
    fresh: freshDownloadCode,
    multipart: ({ values }) =>
      multipartBody([{ name: 'leaked.pdf', content: Buffer.from(values.copy!, 'base64') }], {
        fileField: 'file',
      }),
  },
  'POST /api/payments/create-project-payment': {
    fresh: async ({ w }) => ({ ids: { projectId: (await createPayableProject(w.t, w.users.owner)).id } }),
    body: ({ ids }) => ({ project_id: ids.projectId }),
  },
  // The owner's payment intent, with its client secret: another developer must not confirm it.
  'POST /api/payments/sandbox/confirm': {
    fresh: async ({ w }) => ({ values: await freshIntent(w, false) }),
    body: ({ values }) => ({ ...values, payment_method: VISA }),
  },
  'POST /api/payments/sandbox/authenticate': {
    fresh: async ({ w }) => ({ values: await freshIntent(w, true) }),
    body: ({ values }) => ({ ...values, approve: true }),
  },
  // Stripe's deliveries carry no session: the signature decides (400 without a valid one).
  'POST /api/payments/webhook': body({ id: 'evt_matrix', type: 'payment_intent.succeeded' }),
  // The admin's project actions, each on a fresh listing in the state it starts from.
  'POST /api/admin/approve-project/{id}': { fresh: freshUnderReview, body: () => ({}) },
  'POST /api/admin/deny-project/{id}': { fresh: freshUnderReview, ...body({ reason }) },
  'POST /api/admin/payment-failed/{id}': { fresh: freshUnderReview },
  'POST /api/admin/force-publish-project/{id}': { fresh: freshListing, ...body({ reason }) },
  'POST /api/admin/revert-to-draft/{id}': { fresh: freshPublished, ...body({ reason }) },
  'POST /api/admin/reject-project/{id}': { fresh: freshPublished, ...body({ reason }) },
  'POST /api/admin/update-project-status/{id}': {
    fresh: freshPublished,
    ...body({ status: 'paid_unpublished', reason }),
  },
  'DELETE /api/admin/delete-project/{id}': { fresh: freshPublished, ...body({ reason }) },
  'POST /api/admin/confirm-payment/{id}': {
    fresh: freshUnderReview,
    ...body({ reason, paymentIntentId: 'pi_matrix_manual' }),
  },
  'POST /api/admin/sync-stripe-payment/{id}': { fresh: freshListing },
  // The person to approve: a fresh funder nobody has approved ({id} of /admin/users is ownerId).
  'PUT /api/admin/users/{id}/approve': {
    fresh: async (c) => ({ ids: { ownerId: (await freshPendingFunder(c)).ids.pendingFunderId } }),
  },
  'POST /api/admin/approve-subscription/{id}': { fresh: freshPendingFunder },
  'POST /api/admin/deny-subscription/{id}': { fresh: freshPendingFunder, ...body({ reason }) },
  'POST /api/admin/subscription-failed/{id}': { fresh: freshPendingFunder },
  'POST /api/admin/force-approve-funder/{id}': { fresh: freshPendingFunder, ...body({ reason }) },
  'POST /api/admin/payments/{id}/sync': { fresh: freshPendingPayment, ...body({ reason }) },
  'POST /api/admin/god-mode/system-message': {
    body: ({ ids }) => ({ user_id: ids.ownerId, message: 'Scheduled maintenance tonight', reason }),
  },
  // The listing fee's current value, saved again.
  'PUT /api/admin/system-settings/{key}': body({ value: '499' }),
  'POST /api/admin/force-complete-deal/{dealId}': { fresh: freshAcceptedDeal, ...body({ reason }) },
  'POST /api/admin/messages': { body: ({ ids }) => ({ user_id: ids.ownerId, message: 'Hello from Plinth' }) },
  'POST /api/admin/messages/{userId}': body({ message: 'Hello from Plinth' }),
  'POST /api/admin/messages/send': {
    body: ({ ids }) => ({ user_id: ids.ownerId, message: 'Hello from Plinth' }),
  },
  'POST /api/admin/send-system-message': {
    body: ({ ids }) => ({ user_id: ids.ownerId, message: 'System notice' }),
  },
  'POST /api/geocode/autocomplete': body({ input: 'Marrickville' }),
  'POST /api/geocode/place-details': { body: ({ ids }) => ({ place_id: ids.placeId }) },
  // The subscribed funders already are (409); the others are refused before the body is read.
  'POST /api/payments/create-subscription': { ...body({ payment_method_id: VISA }), last: true },
  // A stranger's subscription for every actor: an unapproved funder cannot subscribe and the
  // subscribed ones already have, so none of them has one of their own awaiting confirmation.
  'POST /api/payments/sandbox/confirm-subscription': {
    fresh: freshSubscription,
    body: ({ values }) => ({ ...values, approve: true }),
  },
  'POST /api/payments/cancel-subscription': { last: true },
  'POST /api/access-requests': {
    fresh: freshPublished,
    body: ({ ids }) => ({
      project_id: ids.projectId,
      initial_message: 'Interested',
      undertaking: { accepted: true, full_name: 'Matrix Funder' },
    }),
  },
  // The optional body ('Access until' on approval) left empty.
  'PUT /api/access-requests/{id}/approve': { fresh: freshPendingRequest, body: () => ({}) },
  'PUT /api/access-requests/{id}/decline': { fresh: freshPendingRequest, body: () => ({}) },
  // A fresh granted request per cell: revoking the world's would shut its funder out of the room.
  'PUT /api/access-requests/{id}/revoke': {
    fresh: async (c) => {
      const fresh = await freshPendingRequest(c);
      await c.w.t.database.db
        .updateTable('access_request')
        .set({ status: 'approved' })
        .where('id', '=', fresh.ids.accessRequestId)
        .execute();
      return fresh;
    },
    ...body({ reason }),
  },
  'POST /api/access-requests/{id}/undertaking': body({ accepted: true, full_name: 'Matrix Funder' }),
  // A new version of the undertaking for the admin (the same text again from a second cell is a 400).
  'PUT /api/admin/undertaking': body({ text: 'Permission matrix undertaking: keep it confidential.' }),
  // The granted funder's own request: its deal exists already (200).
  'POST /api/deals': {
    body: ({ ids }) => ({ project_id: ids.projectId, access_request_id: ids.accessRequestId }),
  },
  'PUT /api/deals/{id}/complete': { fresh: freshAcceptedDeal },
  'POST /api/deals/{id}/comments': body({ comment: 'Looks good.' }),
  'POST /api/deals/{id}/notifications': body({ message: 'Please review the latest upload.' }),
  'POST /api/deals/{id}/documents': { multipart: () => dealUploadBody([pdf('Schedule.pdf')]) },
  'POST /api/deals/{id}/document-requests': body({ document_name: 'Insurance certificate' }),
  // The granted funder's request, fulfilled with a file the owner uploaded to the room.
  'PUT /api/document-requests/{id}/fulfill': {
    fresh: freshDocumentRequest,
    body: ({ ids }) => ({ document_id: ids.dealDocumentId }),
  },
  // The world's deal has a quote awaiting an answer: the funder's second one is a 409.
  'POST /api/deals/{id}/proposals': body(quoteBody()),
  'PUT /api/proposals/{id}/respond': { fresh: freshPendingQuote, ...body({ response: 'accept' }) },
  // The caller shares their own contact with the other party of the world's deal (the owner with
  // the granted funder, everyone else with the owner).
  'POST /api/users/share-contact': {
    body: ({ w, user }) => ({
      user_id: user?.id ?? w.users.owner.id,
      target_user_id: user?.id === w.users.owner.id ? w.users.funderWithAccess.id : w.users.owner.id,
    }),
  },
  'POST /api/access-requests/{id}/messages': body({ message: 'When can we inspect the site?' }),
  'POST /api/messages/admin/reply': body({ message: 'Thanks for the welcome.' }),
  'PUT /api/notifications/preferences': body({ email_newsletter: false }),
  'PUT /api/funder-criteria': body({ states: ['NSW'] }),
  'PUT /api/funder-criteria/alerts': body({ email: 'daily', time_zone: 'Australia/Perth' }),
  'GET /api/events': { stream: true },
  'POST /api/ai-chat/sessions': {
    body: ({ ids }) => ({ project_id: ids.projectId, session_title: 'About the listing' }),
  },
  'POST /api/ai-chat/sessions/{id}/messages': body({ message: 'What is the LVR?' }),
  'POST /api/ai-chat/sessions/{id}/messages/stream': body({ message: 'What is the LVR?' }),
  // A page of a reading the caller opened (decision 049); a caller who cannot open one names an
  // unknown reading, and is refused before it is looked at.
  'GET /api/documents/{id}/pages/{n}': {
    fresh: async ({ w, user }) => {
      const opened = user
        ? await as(w.t.app, user, { method: 'GET', url: `/api/documents/${w.ids.documentId}/pages` })
        : null;
      return { values: { reading: opened?.statusCode === 200 ? opened.json().reading : randomUUID() } };
    },
    query: ({ values }) => ({ reading: values.reading! }),
  },
  // Issue 37 item 1: asked about the world's listing, whose access nobody here has lost.
  'GET /api/access-ended': { query: ({ w }) => ({ project_id: w.ids.projectId }) },
  // Issue 33: valid bodies, so that each party's check in the service is reached.
  'POST /api/deals/{id}/facility': body({}),
  'POST /api/facilities/{id}/parties': {
    body: () => ({ role: 'co_funder', email: `matrix-${randomUUID().slice(0, 8)}@example.com` }),
  },
  'POST /api/surveyor/onboarding': body({
    company_name: 'Matrix QS',
    abn: '51824753556',
    phone: '0298765432',
  }),
  'PUT /api/facilities/{id}/budget': body({
    lines: [
      { code: 'L1', name: 'Land', category: 'land', amount_cents: 300_000_000, funded_by: 'debt' },
      {
        code: 'C1',
        name: 'Construction',
        category: 'construction',
        amount_cents: 600_000_000,
        funded_by: 'debt',
      },
      {
        code: 'X1',
        name: 'Contingency',
        category: 'contingency',
        amount_cents: 30_000_000,
        funded_by: 'debt',
      },
    ],
  }),
  // A CSV body (the recipe's raw payload and its type).
  'POST /api/facilities/{id}/budget/import': {
    multipart: () => ({
      payload:
        'code,name,category,amount_cents,funded_by\nL1,Land,land,300000000,debt\nC1,Construction,construction,600000000,debt\n',
      headers: { 'content-type': 'text/csv' },
    }),
  },
  'POST /api/facilities/{id}/equity': body({ amount_cents: 100, received_on: '2026-01-02' }),
  'POST /api/facilities/{id}/draws': body({
    claim_served_at: '2026-01-05T09:00:00+11:00',
    lines: [{ budget_line_id: randomUUID(), claimed_cents: 100 }],
  }),
  'PATCH /api/draws/{id}': body({ note: 'Matrix' }),
  'POST /api/draws/{id}/documents': {
    body: ({ ids }) => ({ document_id: ids.dealDocumentId, kind: 'invoice' }),
  },
  'POST /api/draws/{id}/certify': body({
    inspected_on: '2026-01-06',
    percent_complete: 10,
    delay_days: 0,
    lines: [
      { budget_line_id: randomUUID(), certified_cents: 0, cost_to_complete_cents: 0, reason: 'Matrix' },
    ],
  }),
  'POST /api/draws/{id}/return': body({ reason }),
  'POST /api/draws/{id}/reject': body({ reason }),
  'POST /api/draws/{id}/fund': body({ funded_on: '2026-01-10' }),
  'POST /api/draws/{id}/comments': body({ body: 'Matrix comment' }),
  'POST /api/draws/{id}/documents/upload': { multipart: () => dealUploadBody([pdf('Claim.pdf')]) },
  'POST /api/facilities/{id}/documents/upload': { multipart: () => dealUploadBody([pdf('Certificate.pdf')]) },
  // Issue 34. Ids that name no line of the facility answer 400 (past authorisation); nothing moves.
  'POST /api/facilities/{id}/variations': body({
    budget_line_id: randomUUID(),
    description: 'Matrix',
    cost_cents: 1_000_000,
    days: 0,
    funding: 'contingency',
  }),
  'POST /api/variations/{id}/events': body({ type: 'assess' }),
  'POST /api/facilities/{id}/reallocations': body({
    from_line_id: randomUUID(),
    to_line_id: randomUUID(),
    amount_cents: 500_000,
    reason: 'Matrix',
  }),
  'POST /api/reallocations/{id}/reject': body({ reason }),
  'POST /api/reallocations/{id}/withdraw': body({}),
  // Another deal's document as the certificate: 400, nothing moves.
  'POST /api/facilities/{id}/practical-completion': {
    body: ({ ids }) => ({ date: '2026-06-30', certificate_document_id: ids.dealDocumentId }),
  },
  'POST /api/facilities/{id}/retention-release': body({}),
  // Decision 070. The facility's funder declares on a facility of its own; the world's stays active,
  // so a cure there is the machine's 409 (past authorisation).
  'POST /api/facilities/{id}/default': {
    fresh: freshFacilityForFunder,
    body: () => ({ reason: 'Matrix default', declared_on: '2026-01-10' }),
  },
  'POST /api/facilities/{id}/cure': body({ reason: 'Matrix cure', cured_on: '2026-01-10' }),
  'PATCH /api/facilities/{id}/variation-settings': body({ variation_consent_threshold_cents: 10_000_000 }),
  'POST /api/facilities/{id}/presales': { body: () => presaleBody({ lot: `M-${randomUUID().slice(0, 8)}` }) },
  'POST /api/facilities/{id}/presales/import': {
    multipart: () => ({
      payload: `lot,purchaser_name,price_ex_gst_cents,deposit_cents,deposit_form,bond_expiry,related_party,exchanged_on,sunset_on\nI-${randomUUID().slice(0, 8)},Matrix,90000000,9000000,cash,,no,2026-01-10,2027-12-31\n`,
      headers: { 'content-type': 'text/csv' },
    }),
  },
  'DELETE /api/presales/{id}': { fresh: freshPresale },
  'PUT /api/facilities/{id}/presale-settings': body({ min_deposit_bps: 1000 }),
  // A settlement with nothing drawn repays its facility at once: each cell gets a facility of its own.
  'POST /api/presales/{id}/settlement': { fresh: freshSettlementPresale, ...body(settlementBody()) },
  // In balance at a threshold of 0: nothing the world's facility breaches (no default follows).
  'PUT /api/facilities/{id}/covenants': body({
    covenants: [{ kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 10 }],
  }),
  'POST /api/facilities/{id}/valuations': body({
    valued_on: '2026-01-02',
    value_cents: 2_400_000_000,
    valuer: 'Matrix Valuers',
  }),
};

/** The request one cell sends. */
export function requestFor(operation: string, recipe: Recipe, c: Cell): InjectOptions {
  const [method, path] = operation.split(' ') as [InjectOptions['method'], string];
  const query = recipe.query?.(c);
  const url = fillPath(path, c.ids) + (query ? `?${new URLSearchParams(query)}` : '');
  if (recipe.multipart) {
    const { payload, headers } = recipe.multipart(c);
    return { method, url, headers, payload: payload as InjectOptions['payload'] };
  }
  const payload = recipe.body?.(c);
  return {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    ...(recipe.stream ? { payloadAsStream: true } : {}),
  };
}
