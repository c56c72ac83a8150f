// The load benchmark's simulated people, added to the marketplace seed's generated market before it
// is loaded: funders (the seed's own: approved, active subscriptions, profiles), developers (the
// seed's, each with a published project, an approved access request from a funder to talk in, and
// a draft project to upload documents to), and admins, each with a queue of projects under review
// of its own (so two admins never approve the same project). After the load every person gets the
// password of one account signed up through the API (its hash copied in SQL), then signs in.
import { randomUUID } from 'node:crypto';
import { signIn } from '../lib/server.mjs';

export const PASSWORD = 'plinth-load-2026';
export const TEMPLATE = {
  name: 'Load Template',
  email: 'load.template@bench.plinth.local',
  password: PASSWORD,
};

const DAY = 86_400_000;

/** How many of each kind among `people`: 70 % funders, 25 % developers, the rest admins (at least 1). */
export function mix(people) {
  const admins = Math.max(1, Math.round(people * 0.05));
  const developers = Math.max(1, Math.round(people * 0.25));
  return { funders: people - admins - developers, developers, admins };
}

/**
 * Adds the people's rows to `data` (from seed.mjs generate) and returns who they are. `approvalsPerAdmin`
 * projects under review are set aside per admin: the seed's own, then copies of published listings.
 */
export function addPeople(data, { funders, developers, admins, approvalsPerAdmin, now = Date.now() }) {
  const users = new Map(data.users.map((u) => [u.id, u]));
  const funderIds = data.funderIds.slice(0, funders);
  if (funderIds.length < funders)
    throw new Error(`the seed made ${data.funderIds.length} funders, not ${funders}`);

  const published = new Map();
  for (const p of data.projects)
    if (p.visible && !published.has(p.borrower_id)) published.set(p.borrower_id, p);
  const developerIds = data.users
    .filter((u) => u.role === 'borrower' && published.has(u.id))
    .slice(0, developers)
    .map((u) => u.id);
  if (developerIds.length < developers)
    throw new Error(`only ${developerIds.length} developers have a listing`);

  const pairs = new Set(data.requests.map((r) => `${r.funder_id}/${r.project_id}`));
  const developerPeople = developerIds.map((id, i) => {
    const project = published.get(id);
    // A funder who has not asked about this project yet, approved a day ago: a conversation.
    let k = i;
    while (pairs.has(`${funderIds[k % funderIds.length]}/${project.id}`)) {
      if (++k - i > funderIds.length) throw new Error(`every funder has asked about ${project.id}`);
    }
    const funderId = funderIds[k % funderIds.length];
    pairs.add(`${funderId}/${project.id}`);
    const requestId = randomUUID();
    data.requests.push({
      id: requestId,
      funder_id: funderId,
      project_id: project.id,
      status: 'approved',
      initial_message: `Hi, we would like to see the full file of ${project.title}.`,
      requested_at: new Date(now - 2 * DAY),
      approved_at: new Date(now - DAY),
      declined_at: null,
      updated_at: new Date(now - DAY),
    });
    const draft = {
      ...project,
      id: randomUUID(),
      title: `${project.title} (stage 2)`,
      payment_status: 'unpaid',
      visible: false,
      submission_status: null,
      last_rejection_reason: null,
      rejection_date: null,
      documents_complete: false,
      payment_date: null,
      created_at: new Date(now - 3 * DAY),
      updated_at: new Date(now - 3 * DAY),
    };
    data.projects.push(draft);
    return { kind: 'developer', email: users.get(id).email, conversationId: requestId, draftId: draft.id };
  });

  // Projects under review: the seed's, then copies of published listings, paid and submitted.
  const pending = data.projects.filter((p) => p.payment_status === 'payment_pending').map((p) => p.id);
  const listings = data.projects.filter((p) => p.visible);
  for (let i = 0; pending.length < admins * approvalsPerAdmin; i++) {
    const source = listings[i % listings.length];
    const copy = {
      ...source,
      id: randomUUID(),
      title: `${source.title} (review ${i + 1})`,
      payment_status: 'payment_pending',
      visible: false,
      submission_status: 'submitted',
      last_rejection_reason: null,
      rejection_date: null,
      documents_complete: true,
      payment_date: new Date(now - DAY),
      created_at: new Date(now - 2 * DAY),
      updated_at: new Date(now - DAY),
    };
    data.projects.push(copy);
    pending.push(copy.id);
  }

  const adminPeople = [];
  for (let i = 1; i <= admins; i++) {
    const id = randomUUID().replaceAll('-', '');
    const email = `load.admin${String(i).padStart(2, '0')}@bench.plinth.local`;
    data.users.push({
      id,
      name: `Load Admin ${i}`,
      email,
      role: 'admin',
      approved: true,
      subscription_status: 'none',
      subscription_period_end: null,
      created_at: new Date(now - 400 * DAY),
    });
    adminPeople.push({ kind: 'admin', email, queue: pending.splice(0, approvalsPerAdmin) });
  }

  return {
    funders: funderIds.map((id) => ({ kind: 'funder', email: users.get(id).email })),
    developers: developerPeople,
    admins: adminPeople,
  };
}

/** After the load: every person verified, with the template account's password. */
export async function giveAccounts(client, people) {
  const emails = people.map((p) => p.email);
  await client.query('update "user" set email_verified = true where email = any($1)', [emails]);
  const { rows } = await client.query(
    `select a.password from account a join "user" u on u.id = a.user_id
     where u.email = $1 and a.provider_id = 'credential'`,
    [TEMPLATE.email],
  );
  if (!rows[0]?.password) throw new Error('the template account has no password');
  const inserted = await client.query(
    `insert into account (id, user_id, account_id, provider_id, password)
     select md5(u.id || 'load'), u.id, u.id, 'credential', $2 from "user" u where u.email = any($1)`,
    [emails, rows[0].password],
  );
  if (inserted.rowCount !== emails.length)
    throw new Error(`accounts for ${inserted.rowCount} of ${emails.length}`);
}

/** Signs every person in (a few at a time: each sign-in checks a password hash) and sets `cookie`. */
export async function signInAll(baseURL, people, concurrency = 4) {
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const person = people[next++];
      person.cookie = await signIn(baseURL, person.email, PASSWORD);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
