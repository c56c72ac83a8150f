import { as, createProject, createUser, type TestApp, type TestUser } from '../helpers';
import type { Actor } from '../permission-matrix.expected';
import { projectIn } from './admin';
import { quoteBody, requestDocument, submitQuote, uploadDealDocuments } from './deal-room';
import { acceptQuoteDirectly, createGranted, engage } from './deals';
import { uploadDocuments } from './documents';
import { createFacilityWorld } from './facilities';
import { insertAccessRequest, insertPublishedProject } from './messages';
import { confirmWith, createPayableProject, startIntent } from './payments';
import { expectStatus, type Ids, insertPendingFunder, pdf, type World } from './permission-world';
import { funderIn, NEEDS_AUTH, subscribe } from './subscriptions';

/**
 * The permission matrix's fresh objects (permission-matrix.test.ts recipes): made for one cell alone
 * where a call would change the world support/permission-world.ts builds.
 */

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

/**
 * For the funder's default declaration (decision 070): a facility of its own for the one cell that
 * may declare it, so the world's facility stays active for every other row; the refused cells are
 * refused before the facility's state is read, on the world's.
 */
export async function freshFacilityForFunder({ w, actor }: Cell): Promise<Fresh> {
  if (actor !== 'funderWithAccess') return {};
  const facility = await createFacilityWorld(w.t, {
    developer: w.users.owner,
    funder: w.users.funderWithAccess,
  });
  return { ids: { facilityId: facility.facilityId } };
}
