import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { upsertProfile } from '../../src/modules/users/users.repository';
import { as, createProject, createUser, funderProfile, type TestApp, type TestUser } from '../helpers';
import type { Actor } from '../permission-matrix.expected';
import { listingStates } from './admin';
import { createCovenantWorld } from './covenant-world';
import { quoteBody, requestDocument, submitQuote, uploadDealDocuments } from './deal-room';
import { engage } from './deals';
import { samples, uploadDocuments } from './documents';
import { certifiedDraw, createFacilityWorld } from './facilities';
import { insertAccessRequest, postMessage } from './messages';
import { createWorldPresale } from './presale-world';
import { funderIn } from './subscriptions';
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

/**
 * A funder whom no admin has approved, their subscription paid and awaiting approval: the person an
 * admin's approvals act on. Written directly (never signed in, so no password to hash).
 */
export async function insertPendingFunder(t: TestApp): Promise<string> {
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
