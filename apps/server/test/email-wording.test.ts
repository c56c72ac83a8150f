import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, emailsTo, projectIn } from './support/admin';
import { confirmWith, createPayableProject, startIntent } from './support/payments';
import { funderIn } from './support/subscriptions';

// What the e-mails say (issue 8): every one greets its reader by name and speaks in words, never
// in status tokens such as paid_but_rejected.

let t: TestApp;
let admin: TestUser;
let jane: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  jane = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Jane Developer' });
});
afterAll(() => t.close());

const mailAbout = async (email: string, title: string) => {
  const mails = (await emailsTo(t.database.db, email)).filter((m) => m.subject.includes(title));
  expect(mails).toHaveLength(1);
  return mails[0]!;
};

/** A status token: lower-case words joined by underscores (paid_but_rejected, payment_pending). */
const rawToken = /\b[a-z]+(?:_[a-z]+)+\b/;

describe("e-mails: 'Hello <name>,' and words, not tokens", () => {
  it("deny-project: the developer's e-mail starts 'Hello Jane Developer,' and states the payment in words", async () => {
    const p = await projectIn(t.app, jane, 'pending', { title: 'Wording Paid Terraces' });
    const res = await adminCall(t.app, admin, 'POST', `/deny-project/${p.id}`, {
      reason: 'The sales comparables are missing.',
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailAbout(jane.email, 'Wording Paid Terraces');
    expect(mail.text.startsWith('Hello Jane Developer,\n\n')).toBe(true);
    expect(mail.text).toContain('Payment state: Listing fee received (project status: Rejected)');
    expect(mail.text).not.toContain('paid_but_rejected');
    expect(mail.text).not.toMatch(rawToken);
  });

  it("deny-project with 'payment not received': the fee not received and Draft, in words", async () => {
    const p = await projectIn(t.app, jane, 'pending', { title: 'Wording Unpaid Terraces' });
    const res = await adminCall(t.app, admin, 'POST', `/deny-project/${p.id}`, {
      reason: 'The card payment was reversed.',
      payment_not_received: true,
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailAbout(jane.email, 'Wording Unpaid Terraces');
    expect(mail.text.startsWith('Hello Jane Developer,\n\n')).toBe(true);
    expect(mail.text).toContain('Payment state: Listing fee not received (project status: Draft)');
    expect(mail.text).not.toMatch(rawToken);
  });

  it("approve-project, payment-failed and a listing payment: each e-mail greets 'Hello Jane Developer,'", async () => {
    const live = await projectIn(t.app, jane, 'pending', { title: 'Wording Live Terraces' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-project/${live.id}`)).statusCode).toBe(200);
    const failed = await projectIn(t.app, jane, 'pending', { title: 'Wording Failed Terraces' });
    expect((await adminCall(t.app, admin, 'POST', `/payment-failed/${failed.id}`)).statusCode).toBe(200);
    const paid = await createPayableProject(t, jane, { title: 'Wording Payment Terraces' });
    const intent = await startIntent(t.app, jane, paid.id);
    expect((await confirmWith(t.app, jane, intent, { card_number: '4242 4242 4242 4242' })).statusCode).toBe(
      200,
    );

    for (const title of ['Wording Live Terraces', 'Wording Failed Terraces', 'Wording Payment Terraces']) {
      const mail = await mailAbout(jane.email, title);
      expect(mail.text.startsWith('Hello Jane Developer,\n\n'), title).toBe(true);
      expect(mail.text.match(/Hello/g), `${title}: one greeting`).toHaveLength(1);
    }
  });

  it("a funder's subscription e-mail greets them by name, once", async () => {
    const funder = await funderIn(t.app, 'payment_pending', { name: 'Fiona Funder' });
    const res = await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`);
    expect(res.statusCode).toBe(200);
    const [mail] = await emailsTo(t.database.db, funder.email);
    expect(mail!.text.startsWith('Hello Fiona Funder,\n\n')).toBe(true);
    expect(mail!.text.match(/Hello/g)).toHaveLength(1);
  });

  it("a recipient without a name is greeted 'Hello,'", async () => {
    const nameless = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Temporary' });
    await t.database.db.updateTable('user').set({ name: ' ' }).where('id', '=', nameless.id).execute();
    const p = await projectIn(t.app, nameless, 'pending', { title: 'Wording Nameless Terraces' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`)).statusCode).toBe(200);
    const mail = await mailAbout(nameless.email, 'Wording Nameless Terraces');
    expect(mail.text.startsWith('Hello,\n\n')).toBe(true);
  });

  it('every e-mail queued in this file opens with a greeting and carries no status token', async () => {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'email')
      .execute();
    const mails = rows.map(
      (r) =>
        (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
          subject: string;
          text: string;
        },
    );
    expect(mails.length).toBeGreaterThanOrEqual(7);
    for (const mail of mails) {
      expect(mail.text, mail.subject).toMatch(/^Hello( [^,\n]+)?,\n\n/);
      // Links may carry ids and paths; the words around them may not carry tokens.
      const words = mail.text.replace(/https?:\/\/\S+/g, '');
      expect(words, mail.subject).not.toMatch(rawToken);
      expect(mail.subject, mail.subject).not.toMatch(rawToken);
    }
  });
});
