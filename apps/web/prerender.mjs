// Renders the landing page into dist/landing.html after `vite build` (decision 043): the page's
// markup and Mantine's theme variables go into the HTML, so it paints before any script runs and
// needs none but its small enhancement script. The server sends this file for `/`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = import.meta.dirname;
const page = join(root, 'dist', 'landing.html');
const app = join(root, 'dist', 'index.html');
const out = mkdtempSync(join(tmpdir(), 'plinth-prerender-'));
try {
  // The same Vite config as the browser build, so CSS module class names match the built CSS. Every
  // dependency is bundled (noExternal), so the bundle runs from a temporary directory.
  await build({
    root,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/landing-prerender.tsx',
      outDir: out,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: { input: 'src/landing-prerender.tsx', output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const { renderLanding } = await import(pathToFileURL(join(out, 'prerender.mjs')).href);
  const rendered = renderLanding();
  // Mantine's <style> elements come first; they belong in the head, before the page's markup.
  const styles = /^(?:<style[^>]*>[^<]*<\/style>)*/.exec(rendered)[0];
  const markup = rendered.slice(styles.length);
  const template = readFileSync(page, 'utf8');
  if (!template.includes('<!--landing-styles-->') || !template.includes('<!--landing-page-->'))
    throw new Error(`${page} has no <!--landing-styles--> or <!--landing-page--> placeholder`);
  if (!markup.includes('data-landing-page')) throw new Error('The rendered landing page has no markup');
  // The prices are the admin's settings: the server writes them into these blank notes for each
  // request (apps/server/src/http/landing-page.ts, decision 074), so the page reads without script.
  if (
    !/<p\b[^>]*\sdata-price-note="listing"[^>]*>[^<]*<\/p>/.test(markup) ||
    !markup.includes('data-price-note="subscription"')
  )
    throw new Error('The rendered landing page has no blank price notes for the server to fill');
  // The app's entry files (script, preloads, styles), fetched by the page's script only once the
  // reader heads for the app (src/features/landing/enhance/prefetch-app.ts).
  const appAssets = [
    ...readFileSync(app, 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g),
  ].map((match) => match[1]);
  if (appAssets.length === 0) throw new Error(`${app} names no script or stylesheet`);
  const head = `${styles}\n    <meta name="plinth-app-assets" content="${appAssets.join(' ')}" />`;
  // The page's stylesheets (about 7 KB compressed) go into the HTML: the first paint waits for no
  // second request. The CSP allows inline styles (Mantine sets them anyway); scripts stay files.
  const inlined = template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_link, href) => `<style>${readFileSync(join(root, 'dist', href), 'utf8').trim()}</style>`,
  );
  writeFileSync(
    page,
    inlined.replace('<!--landing-styles-->', () => head).replace('<!--landing-page-->', () => markup),
  );
  console.info(
    `prerender: dist/landing.html (${(Buffer.byteLength(markup) / 1024).toFixed(1)} KB of markup)`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
