import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../src/adapters/mail/smtp-transport';
import { createOutboxWorker } from '../src/jobs/outbox-worker';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, emailsTo, projectIn } from './support/admin';
import { createFunder } from './support/marketplace';

// Issue 22 item 6 through the real stack: an e-mail an action queues carries its text and HTML
// parts in the outbox, the SMTP transport sends them as multipart/alternative, and the dev inbox
// shows the HTML as it arrives with the plain text beside it.

/** A minimal SMTP server that keeps each message's raw data (no TLS, no auth). */
async function smtpSink(): Promise<{ server: Server; url: string; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (line === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { server, url: `smtp://127.0.0.1:${port}`, messages };
}

let t: TestApp;
let admin: TestUser;
let jane: TestUser;
beforeAll(async () => {
  // The dev inbox on (as `npm start` runs it); only an admin reads it.
  t = await buildTestApp({ DEV_MAIL: 'on' });
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  jane = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Jane Developer' });
});
afterAll(() => t.close());

describe('e-mails carry a text and an HTML part', () => {
  it('approve-project: the outbox holds both parts, greeting Jane and linking the project', async () => {
    const p = await projectIn(t.app, jane, 'pending', { title: 'Html Harbour Terraces' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`)).statusCode).toBe(200);
    const [mail] = (await emailsTo(t.database.db, jane.email)).filter((m) =>
      m.subject.includes('Html Harbour'),
    );
    const html = (mail as { html?: string }).html ?? '';
    expect(mail!.text.startsWith('Hello Jane Developer,\n\n')).toBe(true);
    expect(mail!.text).toContain(`http://localhost:3000/project/${p.id}`);
    expect(mail!.text).toContain('Manage your e-mail preferences: http://localhost:3000/settings');
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('lang="en-AU"');
    expect(html).toContain('Hello Jane Developer,');
    expect(html).toContain(`href="http://localhost:3000/project/${p.id}"`);
    expect(html).toContain('>View your listing<');
  });

  it('the SMTP transport sends the queued e-mail as multipart/alternative, text first', async () => {
    const sink = await smtpSink();
    try {
      const smtp = createSmtpTransport(sink.url, 'Plinth <no-reply@plinth.test>');
      const worker = createOutboxWorker({ db: t.database.db, mail: smtp, log: t.app.log });
      const pending = await t.database.db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      expect(pending.length).toBeGreaterThan(0);
      expect(await worker.drainOnce()).toBe(pending.length);
      const raw = sink.messages.find((m) => m.includes(jane.email) && m.includes('Html Harbour'));
      expect(raw).toBeDefined();
      const unfolded = raw!.replace(/=\r\n/g, '');
      expect(unfolded).toMatch(/Content-Type: multipart\/alternative/i);
      const textAt = unfolded.search(/Content-Type: text\/plain/i);
      const htmlAt = unfolded.search(/Content-Type: text\/html/i);
      expect(textAt).toBeGreaterThan(0);
      expect(htmlAt).toBeGreaterThan(textAt);
      expect(unfolded).toContain('Hello Jane Developer,');
      expect(unfolded).toMatch(/lang=(3D)?"en-AU"/);
    } finally {
      sink.server.close();
    }
  });

  it('a listing alert arrives with the RFC 8058 one-click unsubscribe headers', async () => {
    const funder = await createFunder(t, 'active', { name: 'Hal Headers' });
    const put = await as(t.app, funder, { method: 'PUT', url: '/api/funder-criteria', payload: {} });
    expect(put.statusCode).toBe(200);
    const p = await projectIn(t.app, jane, 'pending', { suburb: 'Ryde' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`)).statusCode).toBe(200);
    await t.app.jobs.drain(listingAlertsJob);
    const sink = await smtpSink();
    try {
      const smtp = createSmtpTransport(sink.url, 'Plinth <no-reply@plinth.test>');
      await createOutboxWorker({ db: t.database.db, mail: smtp, log: t.app.log }).drainOnce();
      const raw = sink.messages.find((m) => m.includes(funder.email) && m.includes('New listing matches'));
      expect(raw).toBeDefined();
      // Long header lines are folded onto continuation lines.
      const headers = raw!.slice(0, raw!.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      expect(headers).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/listing-alerts\/unsubscribe\?token=[\w.-]+>$/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    } finally {
      sink.server.close();
    }
  });

  it('the dev inbox shows the HTML in a sandboxed frame, with a Plain text tab', async () => {
    const page = await as(t.app, admin, { method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain('Your project &quot;Html Harbour Terraces&quot; is live');
    expect(body).toMatch(
      /<iframe class="html" title="[^"]*\(HTML part\)" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="&lt;!DOCTYPE html/,
    );
    // The HTML part sits escaped in srcdoc: it cannot break out into the inbox page.
    expect(body).toContain('srcdoc="&lt;!DOCTYPE html');
    expect(body).toContain('Hello Jane Developer,');
    expect(body).toContain('>Plain text</label>');
    expect(body).toContain('<pre class="text">Hello Jane Developer,');
  });

  it('an e-mail queued with text only (older rows) still shows, marked plain text only', async () => {
    await t.database.db
      .insertInto('outbox')
      .values({
        kind: 'email',
        payload: JSON.stringify({ to: 'old@example.com', subject: 'Old row', text: 'Hi' }),
      })
      .execute();
    const page = await as(t.app, admin, { method: 'GET', url: '/dev/mail' });
    expect(page.body).toMatch(
      /<h2>Old row<\/h2><p class="meta">To old@example.com · [^<]* · plain text only<\/p>/,
    );
  });
});
