import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database';
import { as, createUser, type TestUser } from '../helpers';

type AccessStatus =
  | 'pending'
  | 'approved'
  | 'declined'
  | 'due_diligence'
  | 'term_sheet'
  | 'funded'
  | 'closed';

export interface Conversation {
  developer: TestUser;
  funder: TestUser;
  projectId: string;
  accessRequestId: string;
}

/** Factory: a published project, written straight to the database (listing is other tests' business). */
export async function insertPublishedProject(db: Db, ownerId: string, title = 'Harbour View Terraces') {
  const row = await db
    .insertInto('project')
    .values({
      borrower_id: ownerId,
      title,
      location: '8 Example Road, Newcastle NSW 2300',
      suburb: 'Newcastle',
      state: 'NSW',
      postcode: '2300',
      loan_amount: 3_500_000,
      payment_status: 'paid',
      visible: true,
      submission_status: 'submitted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An access request written directly, with the funder's signed undertaking as every request made
 * through the API has one (decision 033); `undertaking: false` for one granted before undertakings
 * existed (the legacy gate's case).
 */
export async function insertAccessRequest(
  db: Db,
  values: { funderId: string; projectId: string; status?: AccessStatus; undertaking?: boolean },
) {
  const status = values.status ?? 'approved';
  const row = await db
    .insertInto('access_request')
    .values({
      funder_id: values.funderId,
      project_id: values.projectId,
      status,
      initial_message: 'We would like to see the feasibility study.',
      ...(status === 'approved' ? { approved_at: new Date() } : {}),
      ...(status === 'declined' ? { declined_at: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.undertaking !== false) {
    const current = await db
      .selectFrom('undertaking_version')
      .select(['version', 'sha256'])
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('undertaking_acceptance')
      .values({
        access_request_id: row.id,
        funder_id: values.funderId,
        version: current.version,
        text_sha256: current.sha256,
        full_name: 'Frankie Funder',
      })
      .execute();
  }
  return row.id;
}

/** Factory: a developer, an approved funder and an access request between them in `status`. */
export async function createConversation(
  app: FastifyInstance,
  options: { status?: AccessStatus; developer?: TestUser; funder?: TestUser } = {},
): Promise<Conversation> {
  const developer =
    options.developer ??
    (await createUser(app, { role: 'borrower', profile: 'default', name: 'Dana Developer' }));
  const funder =
    options.funder ??
    (await createUser(app, { role: 'funder', approved: true, profile: 'default', name: 'Frankie Funder' }));
  const projectId = await insertPublishedProject(app.deps.db, developer.id);
  const accessRequestId = await insertAccessRequest(app.deps.db, {
    funderId: funder.id,
    projectId,
    status: options.status,
  });
  return { developer, funder, projectId, accessRequestId };
}

export const postMessage = (
  app: FastifyInstance,
  user: TestUser | null,
  accessRequestId: string,
  message: unknown,
) =>
  as(app, user, {
    method: 'POST',
    url: `/api/access-requests/${accessRequestId}/messages`,
    payload: { message },
  });

export const getMessages = (
  app: FastifyInstance,
  user: TestUser | null,
  accessRequestId: string,
  query = '',
) => as(app, user, { method: 'GET', url: `/api/access-requests/${accessRequestId}/messages${query}` });

export const unreadCounts = async (app: FastifyInstance, user: TestUser) => {
  const res = await as(app, user, { method: 'GET', url: '/api/messages/unread-count' });
  if (res.statusCode !== 200) throw new Error(`unread-count: ${res.statusCode} ${res.body}`);
  return res.json() as { total: number; conversations: number; admin_thread: number };
};

export const setPreferences = (app: FastifyInstance, user: TestUser, changes: Record<string, boolean>) =>
  as(app, user, { method: 'PUT', url: '/api/notifications/preferences', payload: changes });
