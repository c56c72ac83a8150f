import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { upsertProfile } from '../../src/modules/users/users.repository';
import { as, createProject, createUser, funderProfile, type TestApp, type TestUser } from '../helpers';
import type { Actor } from '../permission-matrix.expected';
import { listingStates, projectIn } from './admin';
import { createCovenantWorld } from './covenant-world';
import { quoteBody, requestDocument, submitQuote, uploadDealDocuments } from './deal-room';
import { acceptQuoteDirectly, createGranted, engage } from './deals';
import { samples, uploadDocuments } from './documents';
import { certifiedDraw, createFacilityWorld } from './facilities';
import { insertAccessRequest, insertPublishedProject, postMessage } from './messages';
import { confirmWith, createPayableProject, startIntent } from './payments';
import { createWorldPresale } from './presale-world';
import { funderIn, NEEDS_AUTH, subscribe } from './subscriptions';
import { createVariationWorld } from './variation-world';

/**
 * The world the permission matrix (permission-matrix.test.ts, decision 023) calls every operation
 * against: one of each actor and the real objects that relate them.
 *
 * - owner: a developer whose listing is published, with a document, an approved access request that
 *   became a deal room (a deal document, a pending quote, a message, a notification, a BrokerAI chat);
 * - otherDeveloper: a developer with nothing to do with that listing;
 * - unapprovedFunder: a funder with a profile whom no admin has approved, no subscription;
 * - subscribedFunder: an approved funder with an active subscription and no access to the listing;
 * - funderWithAccess: an approved, subscribed funder whose access request was approved and who
 *   opened the deal room (Engage): the other party of every deal object;
 * - admin.
 */
export interface World {
  t: TestApp;
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  ids: Ids;
}

export interface Ids {
  ownerId: string;
  projectId: string;
  documentId: string;
  accessRequestId: string;
  dealId: string;
  dealDocumentId: string;
  proposalId: string;
  documentRequestId: string;
  messageId: string;
  notificationId: string;
  aiSessionId: string;
  paymentId: string;
  pendingFunderId: string;
  placeId: string;
  settingKey: string;
  /** A page number ({n} of a document's pages). */
  pageNumber: string;
  /** Issue 33: the facility of a second, completed deal between the owner and the granted funder. */
  facilityId: string;
  /** A certified draw of that facility. */
  drawId: string;
  /** A builder's claim attached to that draw (a deal document of the facility's deal). */
  drawDocumentId: string;
  /** Issue 34: a proposed variation and a proposed reallocation of that facility, and an unsettled presale. */
  variationId: string;
  reallocationId: string;
  presaleId: string;
  /** Its covenants' open breach notice and last month's lender report (decision 067). */
  noticeId: string;
  reportId: string;
}

export const pdf = (name = 'Feasibility.pdf') => ({ name, content: samples.pdf() });

export async function expectStatus<T>(
  what: string,
  res: { statusCode: number; body: string; json(): unknown },
  ok: number[],
): Promise<T> {
  if (!ok.includes(res.statusCode)) throw new Error(`world: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Engage through the API on a fresh published listing of `developer` granted to `funder`. */
async function freshDeal(t: TestApp, developer: TestUser, funder: TestUser) {
  const granted = await createGranted(t, { developer, funder, title: 'Matrix Terraces' });
  const res = await engage(t.app, funder, {
    project_id: granted.projectId,
    access_request_id: granted.accessRequestId,
  });
  const { deal_id } = await expectStatus<{ deal_id: string }>('engage', res, [201]);
  return { ...granted, dealId: deal_id };
}

/**
 * A funder whom no admin has approved, their subscription paid and awaiting approval: the person an
 * admin's approvals act on. Written directly (never signed in, so no password to hash).
 */
async function insertPendingFunder(t: TestApp): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await t.database.db
    .insertInto('user')
    .values({
      id,
      name: 'Pending Funder',
      email: `pending-${id.slice(0, 8)}@example.com`,
      email_verified: true,
      image: null,
      role: 'funder',
      approved: false,
      subscription_status: 'payment_pending',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await upsertProfile(t.database.db, id, funderProfile);
  return id;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const [owner, otherDeveloper, unapprovedFunder, subscribedFunder, funderWithAccess, admin] =
    await Promise.all([
      createUser(app, { role: 'borrower', profile: 'default', name: 'Owner Developer' }),
      createUser(app, { role: 'borrower', profile: 'default', name: 'Other Developer' }),
      createUser(app, { role: 'funder', approved: false, profile: 'default', name: 'Unapproved Funder' }),
      funderIn(app, 'active', { name: 'Subscribed Funder' }),
      funderIn(app, 'active', { name: 'Granted Funder' }),
      createUser(app, { role: 'admin', name: 'Ada Admin' }),
    ]);
  const db = t.database.db;

  // The listing: made and documented as a draft, then published (the paths there are other tests').
  const project = await createProject(app, owner);
  const uploaded = await expectStatus<{ uploaded: { id: string }[] }>(
    'upload',
    await uploadDocuments(app, owner, project.id, [{ ...pdf(), type: 'feasibility_study' }]),
    [200],
  );
  await db
    .updateTable('project')
    .set({ ...listingStates.published, stripe_payment_intent_id: `pi_${project.id}` })
    .where('id', '=', project.id)
    .execute();

  // The granted funder's approved request, and the deal room they opened with it.
  const accessRequestId = await insertAccessRequest(db, {
    funderId: funderWithAccess.id,
    projectId: project.id,
    status: 'approved',
  });
  const engaged = await expectStatus<{ deal_id: string }>(
    'engage',
    await engage(app, funderWithAccess, { project_id: project.id, access_request_id: accessRequestId }),
    [201],
  );
  const dealId = engaged.deal_id;
  const dealDoc = await expectStatus<{ uploaded: { id: string }[] }>(
    'deal upload',
    await uploadDealDocuments(app, owner, dealId, [pdf('Contract.pdf')]),
    [201],
  );
  const proposal = await expectStatus<{ id: string }>(
    'quote',
    await submitQuote(app, funderWithAccess, dealId, quoteBody()),
    [201],
  );
  const documentRequest = await expectStatus<{ id: string }>(
    'document request',
    await requestDocument(app, funderWithAccess, dealId),
    [201],
  );
  const message = await expectStatus<{ id: string }>(
    'message',
    await postMessage(app, funderWithAccess, accessRequestId, 'Could we see the QS report?'),
    [201],
  );
  // The developer shares their contact with the deal's funder; an admin writes to the developer.
  await expectStatus(
    'share contact',
    await as(app, owner, {
      method: 'POST',
      url: '/api/users/share-contact',
      payload: { user_id: owner.id, target_user_id: funderWithAccess.id },
    }),
    [200],
  );
  await expectStatus(
    'admin message',
    await as(app, admin, {
      method: 'POST',
      url: '/api/admin/messages/send',
      payload: { user_id: owner.id, message: 'Welcome to Plinth' },
    }),
    [201],
  );
  const aiSession = await expectStatus<{ id: string }>(
    'ai session',
    await as(app, owner, {
      method: 'POST',
      url: '/api/ai-chat/sessions',
      payload: { project_id: project.id, session_title: 'Matrix chat' },
    }),
    [201],
  );
  const notification = await db
    .selectFrom('notification')
    .select('id')
    .where('user_id', '=', owner.id)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const payment = await db
    .insertInto('payment')
    .values({
      user_id: owner.id,
      project_id: project.id,
      type: 'project_listing',
      amount_cents: 49_900,
      status: 'completed',
      provider: 'sandbox',
      provider_reference: `pi_${project.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pendingFunderId = await insertPendingFunder(t);
  const places = await expectStatus<{ predictions: { place_id: string }[] }>(
    'autocomplete',
    await as(app, owner, {
      method: 'POST',
      url: '/api/geocode/autocomplete',
      payload: { input: 'Marrickville' },
    }),
    [200],
  );
  const placeId = places.predictions[0]?.place_id;
  if (!placeId) throw new Error('world: autocomplete found no place');

  // Issue 33: a second listing's deal completed between the same two parties, its facility active
  // with an approved budget, the surveyor appointed through the invite, and a certified draw.
  const facility = await createFacilityWorld(t, { developer: owner, funder: funderWithAccess });
  const draw = await certifiedDraw(t, facility, [{ line: 'C1', claimed: 1_000_000 }]);
  const drawDocumentId = await attachClaim(t, {
    dealId: facility.dealId,
    drawId: draw.id,
    developerId: owner.id,
  });
  const { variationId, reallocationId } = await createVariationWorld(t, facility);
  const presaleId = await createWorldPresale(t, facility);
  const { noticeId, reportId } = await createCovenantWorld(t, facility);

  return {
    t,
    users: {
      owner,
      otherDeveloper,
      unapprovedFunder,
      subscribedFunder,
      funderWithAccess,
      admin,
      surveyor: facility.surveyor,
    },
    ids: {
      ownerId: owner.id,
      projectId: project.id,
      documentId: uploaded.uploaded[0]!.id,
      accessRequestId,
      dealId,
      dealDocumentId: dealDoc.uploaded[0]!.id,
      proposalId: proposal.id,
      documentRequestId: documentRequest.id,
      messageId: message.id,
      notificationId: notification.id,
      aiSessionId: aiSession.id,
      paymentId: payment.id,
      pendingFunderId,
      placeId,
      settingKey: 'listing_fee_aud',
      pageNumber: '1',
      facilityId: facility.facilityId,
      drawId: draw.id,
      drawDocumentId,
      variationId,
      reallocationId,
      presaleId,
      noticeId,
      reportId,
    },
  };
}

/**
 * A builder's claim on a draw that has left the developer's hands: stored and linked as the draw
 * upload does (a completed deal's room takes no upload, and a certified draw no new file).
 */
async function attachClaim(t: TestApp, o: { dealId: string; drawId: string; developerId: string }) {
  const key = `${randomUUID()}.pdf`;
  const stored = await t.app.deps.storage.put(key, Readable.from([pdf('Claim.pdf').content]));
  const { id } = await t.database.db
    .insertInto('deal_document')
    .values({
      deal_id: o.dealId,
      document_request_id: null,
      uploader_id: o.developerId,
      storage_key: key,
      file_name: 'Claim.pdf',
      mime_type: 'application/pdf',
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('draw_document')
    .values({ draw_id: o.drawId, document_id: id, kind: 'builders_claim', attached_by: o.developerId })
    .execute();
  return id;
}

// ---------------------------------------------------------------------------------------------
// Path parameters: each name (and, for `id`, the path segment before it) names one world object.

const byName: Record<string, keyof Ids> = {
  docId: 'dealDocumentId',
  dealId: 'dealId',
  userId: 'ownerId',
  key: 'settingKey',
  n: 'pageNumber',
  documentId: 'drawDocumentId',
  noticeId: 'noticeId',
  reportId: 'reportId',
};

/** `{id}` after these segments. */
const idAfter: Record<string, keyof Ids> = {
  users: 'ownerId',
  'view-as-user': 'ownerId',
  projects: 'projectId',
  documents: 'documentId',
  deals: 'dealId',
  'access-requests': 'accessRequestId',
  messages: 'messageId',
  notifications: 'notificationId',
  proposals: 'proposalId',
  'document-requests': 'documentRequestId',
  sessions: 'aiSessionId',
  payments: 'paymentId',
  'approve-project': 'projectId',
  'deny-project': 'projectId',
  'payment-failed': 'projectId',
  'force-publish-project': 'projectId',
  'revert-to-draft': 'projectId',
  'reject-project': 'projectId',
  'update-project-status': 'projectId',
  'delete-project': 'projectId',
  'confirm-payment': 'projectId',
  'check-stripe-payment': 'projectId',
  'sync-stripe-payment': 'projectId',
  'approve-subscription': 'pendingFunderId',
  'deny-subscription': 'pendingFunderId',
  'subscription-failed': 'pendingFunderId',
  'force-approve-funder': 'pendingFunderId',
  facilities: 'facilityId',
  draws: 'drawId',
  variations: 'variationId',
  reallocations: 'reallocationId',
  presales: 'presaleId',
};

/** The path with every `{param}` filled from `ids`; an unknown parameter is an error, not a guess. */
export function fillPath(path: string, ids: Ids): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match) return segment;
      const name = match[1]!;
      const key = name === 'id' ? idAfter[segments[i - 1] ?? ''] : byName[name];
      if (!key) throw new Error(`permission matrix: no world object for {${name}} in ${path}`);
      return encodeURIComponent(ids[key]);
    })
    .join('/');
}

// ---------------------------------------------------------------------------------------------
// Fresh objects for the calls that would change the shared world: made for one cell alone.

export interface Cell {
  w: World;
  actor: Actor;
  user: TestUser | null;
  ids: Ids;
  /** What a cell's fresh objects hand its body (a payment intent's secret, ...). */
  values: Record<string, string>;
}

/** Objects (or the actor) made for one cell alone, replacing the world's. */
export interface Fresh {
  ids?: Partial<Ids>;
  user?: TestUser | null;
  values?: Record<string, string>;
}

/** Fresh listings of the owner's, in the state an admin's project action starts from. */
export const freshListing = async ({ w }: Cell) => ({
  ids: { projectId: (await createProject(w.t.app, w.users.owner)).id },
});
export const freshUnderReview = async ({ w }: Cell) => ({
  ids: { projectId: (await projectIn(w.t.app, w.users.owner, 'pending')).id },
});
export const freshPublished = async ({ w }: Cell) => ({
  ids: { projectId: await insertPublishedProject(w.t.database.db, w.users.owner.id, 'Fresh Listing') },
});
export const freshPendingFunder = async ({ w }: Cell) => ({
  ids: { pendingFunderId: await insertPendingFunder(w.t) },
});

/** A draft of the owner's with a document uploaded, so a deletion cannot touch the world's. */
export async function freshDocument({ w }: Cell) {
  const project = await createProject(w.t.app, w.users.owner);
  const res = await uploadDocuments(w.t.app, w.users.owner, project.id, [
    { ...pdf(), type: 'feasibility_study' },
  ]);
  const json = await expectStatus<{ uploaded: { id: string }[] }>('upload', res, [200]);
  return { ids: { documentId: json.uploaded[0]!.id } };
}

/** The granted funder's stamped download of the world's document: its code and the copy (base64). */
export async function freshDownloadCode({ w }: Cell) {
  const res = await as(w.t.app, w.users.funderWithAccess, {
    method: 'GET',
    url: `/api/documents/${w.ids.documentId}/download`,
  });
  if (res.statusCode !== 200)
    throw new Error(`world: stamped download answered ${res.statusCode} ${res.body}`);
  const row = await w.t.database.db
    .selectFrom('document_view')
    .select('code')
    .where('viewer_id', '=', w.users.funderWithAccess.id)
    .where('code', 'is not', null)
    .orderBy('viewed_at', 'desc')
    .executeTakeFirstOrThrow();
  return { values: { code: row.code!, copy: res.rawPayload.toString('base64') } };
}

/** A fresh deal room of the owner and the granted funder with an accepted quote (ready to complete). */
export async function freshAcceptedDeal({ w }: Cell) {
  const deal = await freshDeal(w.t, w.users.owner, w.users.funderWithAccess);
  await acceptQuoteDirectly(w.t, deal);
  return { ids: { dealId: deal.dealId } };
}

/** A fresh deal room with a pending quote from the granted funder. */
export async function freshPendingQuote({ w }: Cell) {
  const deal = await freshDeal(w.t, w.users.owner, w.users.funderWithAccess);
  const quote = await expectStatus<{ id: string }>(
    'quote',
    await submitQuote(w.t.app, w.users.funderWithAccess, deal.dealId, quoteBody()),
    [201],
  );
  return { ids: { proposalId: quote.id } };
}

/** A pending access request of the granted funder on a fresh listing of the owner. */
export async function freshPendingRequest({ w }: Cell) {
  const projectId = await insertPublishedProject(w.t.database.db, w.users.owner.id, 'Fresh Listing');
  const accessRequestId = await insertAccessRequest(w.t.database.db, {
    funderId: w.users.funderWithAccess.id,
    projectId,
    status: 'pending',
  });
  return { ids: { accessRequestId } };
}

/** The granted funder asks for a document in the world's room; the owner uploads a file for it. */
export async function freshDocumentRequest({ w }: Cell) {
  const request = await expectStatus<{ id: string }>(
    'document request',
    await requestDocument(w.t.app, w.users.funderWithAccess, w.ids.dealId),
    [201],
  );
  const doc = await expectStatus<{ uploaded: { id: string }[] }>(
    'deal upload',
    await uploadDealDocuments(w.t.app, w.users.owner, w.ids.dealId, [pdf('Answer.pdf')]),
    [201],
  );
  return { ids: { documentRequestId: request.id, dealDocumentId: doc.uploaded[0]!.id } };
}

/** A listing payment of the owner's on a fresh draft, started (and, if asked, needing authentication). */
export async function freshIntent(w: World, needsAuth: boolean) {
  const project = await createPayableProject(w.t, w.users.owner);
  const intent = await startIntent(w.t.app, w.users.owner, project.id);
  if (needsAuth) {
    const res = await confirmWith(w.t.app, w.users.owner, intent, { payment_method: NEEDS_AUTH });
    await expectStatus('confirm', res, [200]);
  }
  return { payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret };
}

/** A user of the actor's kind made for one cell (for a call that ends the caller's own account). */
export async function freshActor(w: World, actor: Actor): Promise<TestUser | null> {
  const { app } = w.t;
  switch (actor) {
    case 'anonymous':
      return null;
    case 'owner': {
      const owner = await createUser(app, { role: 'borrower', profile: 'default', name: 'Leaving Owner' });
      await freshDeal(w.t, owner, w.users.funderWithAccess);
      return owner;
    }
    case 'otherDeveloper':
      return createUser(app, { role: 'borrower', profile: 'default', name: 'Leaving Developer' });
    case 'unapprovedFunder':
      return createUser(app, { role: 'funder', approved: false, profile: 'default', name: 'Leaving Funder' });
    case 'subscribedFunder':
      return funderIn(app, 'active', { name: 'Leaving Funder' });
    case 'funderWithAccess': {
      const funder = await funderIn(app, 'active', { name: 'Leaving Funder' });
      await freshDeal(w.t, w.users.owner, funder);
      return funder;
    }
    case 'admin':
      return createUser(app, { role: 'admin', name: 'Leaving Admin' });
    case 'surveyor': {
      const facility = await createFacilityWorld(w.t, { developer: w.users.owner, activate: false });
      return facility.surveyor;
    }
  }
}

/** A pending listing payment of the owner's on a fresh draft (for the admin's payment sync). */
export async function freshPendingPayment({ w }: Cell) {
  const project = await createProject(w.t.app, w.users.owner);
  const payment = await w.t.database.db
    .insertInto('payment')
    .values({
      user_id: w.users.owner.id,
      project_id: project.id,
      type: 'project_listing',
      amount_cents: 49_900,
      status: 'pending',
      provider: 'sandbox',
      provider_reference: `pi_matrix_${project.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ids: { paymentId: payment.id } };
}

/**
 * A subscription awaiting the card's extra step, started by a fresh approved funder: one for the
 * whole row, as nobody in the matrix may confirm it (a confirmation would show as a mismatch).
 */
const startedSubscriptions = new WeakMap<World, Promise<Fresh>>();
export function freshSubscription({ w }: Cell): Promise<Fresh> {
  // Kept per world, not per module: a later test file's world (one process may run several files,
  // vitest.config.ts) has a database of its own.
  let started = startedSubscriptions.get(w);
  if (started) return started;
  started = (async () => {
    const starter = await funderIn(w.t.app, 'none', { name: 'Starting Funder' });
    const answer = await expectStatus<{ subscription_id: string; client_secret: string }>(
      'subscribe',
      await subscribe(w.t.app, starter, NEEDS_AUTH),
      [200],
    );
    return { values: { subscription_id: answer.subscription_id, client_secret: answer.client_secret } };
  })();
  startedSubscriptions.set(w, started);
  return started;
}
