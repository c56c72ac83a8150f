import type { FastifyPluginAsync } from 'fastify';
import type { MailMessage } from '../../adapters/mail/mail';
import type { AppDeps } from '../../app-deps';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkify = (s: string) => s.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * One e-mail: its HTML part as it arrives, in a sandboxed frame (no scripts, no access to this page;
 * links open in a new tab), and its plain-text part behind the 'Plain text' tab. The tabs are radio
 * buttons, so the page needs no script.
 */
function article(id: string, mail: MailMessage, createdAt: Date, status: string): string {
  const meta = `To ${escapeHtml(mail.to)} · ${createdAt.toLocaleString('en-AU')} · ${status}`;
  const text = `<pre class="text">${linkify(escapeHtml(mail.text))}</pre>`;
  if (!mail.html) {
    return `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">${meta} · plain text only</p>${text}</article>`;
  }
  const name = `view-${escapeHtml(id)}`;
  return `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">${meta}</p>
<fieldset class="tabs"><legend class="sr-only">Show</legend>
<input type="radio" name="${name}" id="${name}-html" value="html" checked><label for="${name}-html">HTML</label>
<input type="radio" name="${name}" id="${name}-text" value="text"><label for="${name}-text">Plain text</label>
<iframe class="html" title="${escapeHtml(mail.subject)} (HTML part)" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(mail.html)}"></iframe>
${text}</fieldset></article>`;
}

const style = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}
.tabs{border:0;padding:0;margin:0}.tabs input{position:absolute;opacity:0}
.tabs label{display:inline-block;padding:.25rem .75rem;border:1px solid #1c3d5a;border-radius:4px;margin-right:.25rem;cursor:pointer}
.tabs input:checked+label{background:#1c3d5a;color:#fff}.tabs input:focus-visible+label{outline:2px solid #1c3d5a;outline-offset:2px}
.tabs .html,.tabs .text{display:none;margin-top:.75rem}.tabs .html{width:100%;height:36rem;border:1px solid #ddd;border-radius:4px}
.tabs input[value=html]:checked~.html,.tabs input[value=text]:checked~.text{display:block}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

/**
 * The development inbox: while no SMTP server is configured, e-mails stay in the outbox and can
 * be read here, each as it will arrive (HTML) and as plain text. It holds every password-reset and
 * verification link, so it exists only with DEV_MAIL=on (never with SMTP_URL) and answers only a
 * signed-in admin (decision 045).
 */
export const devMailRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, guards }) => {
  const onlyAdmins = { onRequest: guards.requireRole('admin'), schema: { hide: true } };
  app.get('/dev/mail', onlyAdmins, async (_request, reply) => {
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'payload', 'status', 'created_at'])
      .where('kind', '=', 'email')
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    const items = rows
      .map((row) => {
        const mail = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as MailMessage;
        return article(String(row.id), mail, new Date(row.created_at), row.status);
      })
      .join('\n');
    // Links that sign people in: never kept by a browser or a proxy.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Plinth dev inbox</title><style>${style}</style></head><body><main><h1>Development inbox</h1><p>E-mails the app would send, as they will arrive. Configure SMTP_URL to deliver them for real.</p>${items || '<p>No e-mails yet.</p>'}</main></body></html>`;
  });
};
