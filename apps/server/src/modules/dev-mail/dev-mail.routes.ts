import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkify = (s: string) => s.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The development inbox: while no SMTP server is configured, e-mails stay in the outbox and can
 * be read here. With SMTP_URL set this page does not exist.
 */
export const devMailRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'payload', 'status', 'created_at'])
      .where('kind', '=', 'email')
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    const items = rows
      .map((row) => {
        const mail = row.payload as { to: string; subject: string; text: string };
        return `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${new Date(row.created_at).toLocaleString('en-AU')} · ${row.status}</p><pre>${linkify(escapeHtml(mail.text))}</pre></article>`;
      })
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Plinth dev inbox</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style></head><body><main><h1>Development inbox</h1><p>E-mails the app would send. Configure SMTP_URL to deliver them for real.</p>${items || '<p>No e-mails yet.</p>'}</main></body></html>`;
  });
};
