import type { LinkPage } from '@plinth/domain/alert-links';
import type { FastifyReply } from 'fastify';

/**
 * The small server-rendered pages the links in alert e-mails open (decision 048): Plinth's navy
 * header, one heading, what happened or what the button will do, at most one form with one button,
 * and a way to the settings. No script at all (the app's CSP allows none inline, and none is
 * needed); the only style is the page's own <style>, which the CSP allows. en-AU, readable at 200 %
 * zoom, every text colour at least 7:1 on its background, a visible focus ring.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The e-mails' colours (emails/layout.ts): navy #1c3d5a and ink #1a1a1a on white, white on navy.
const style = `
*{box-sizing:border-box}
body{margin:0;background:#eef3f8;color:#1a1a1a;font:16px/1.5 Inter,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{background:#1c3d5a;padding:16px 24px}
header p{margin:0;color:#fff;font-size:22px;font-weight:700;letter-spacing:.5px}
main{max-width:600px;margin:32px auto;padding:8px 32px 24px;background:#fff;border-radius:8px}
h1{color:#1c3d5a;font-size:24px;line-height:1.3;margin:24px 0 8px}
form{margin:24px 0}
button{background:#1c3d5a;color:#fff;border:0;border-radius:6px;padding:12px 24px;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#15304a}
button:focus-visible,a:focus-visible{outline:3px solid #1c3d5a;outline-offset:3px}
a{color:#1c3d5a;font-weight:600}
@media (max-width:640px){main{margin:0;border-radius:0;padding:8px 16px 24px}}
`.replaceAll('\n', '');

export interface LinkPageOptions {
  /** Where the page's one button posts: the very link that was opened (path and query). */
  action?: string;
  settingsUrl: string;
}

/** Sends `page` as HTML with `status`; never cached, never indexed, the token never in a Referer. */
export function sendLinkPage(reply: FastifyReply, status: number, page: LinkPage, options: LinkPageOptions) {
  const form =
    page.button && options.action
      ? `<form method="post" action="${escapeHtml(options.action)}"><button type="submit">${escapeHtml(page.button)}</button></form>`
      : '';
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(page.title)} · Plinth</title><style>${style}</style></head><body><header><p>Plinth</p></header><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${form}<p><a href="${escapeHtml(options.settingsUrl)}">Open your settings on Plinth</a></p></main></body></html>`,
    );
}
