import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const landingEntry = fileURLToPath(new URL('./src/landing-main.ts', import.meta.url));
const zodConfig = fileURLToPath(new URL('./src/zod-config.ts', import.meta.url));

/** The modules the landing page's script reaches: they stay out of the app's groups (decision 043). */
function landingModules(getModuleInfo: (id: string) => { importedIds: readonly string[] } | null) {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(landingEntry);
  return seen;
}

// Charts (recharts and its d3 parts) load only with the pages that draw one; Stripe, CSV parsing
// and the file drop zone only with the pages that use them.
const chartPackages =
  /[\\/]node_modules[\\/](?:recharts|recharts-scale|react-smooth|victory-vendor|d3-[\w-]+|internmap|decimal\.js-light|lodash|@mantine[\\/]charts)[\\/]/;
const ownChunkPackages =
  /[\\/]node_modules[\\/](?:@stripe|papaparse|@mantine[\\/]dropzone|react-dropzone|file-selector|attr-accept)[\\/]/;
const domainModule = /[\\/]packages[\\/]domain[\\/]/;
const isCss = (id: string) => /\.css(?:$|\?)/.test(id);
/** The app's and the domain's source, not a library's, a stylesheet or Vite's own helpers (`\0vite/…`). */
const isOwnModule = (id: string) => !id.startsWith('\0') && !id.includes('node_modules') && !isCss(id);

/**
 * Chunks by what a page needs, not one per shared module (issue 36 item 5, decision 064): left to
 * itself the bundler made 190 chunks, and a signed-in page fetched over 100 scripts. Now: `vendor`
 * (React, the router, Mantine, the query cache, the auth client, zod: every app page needs them),
 * `shared` (the app's own modules two pages or more use), `charts`, and each route its own. The
 * landing page's few modules (and the `formats` it shares) stay out, so `/` loads none of the app.
 */
function chunkGroups() {
  let landing: Set<string> | undefined;
  const heavy = new Map<string, boolean>();
  const reachesHeavy = (
    id: string,
    ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
  ): boolean => {
    const known = heavy.get(id);
    if (known !== undefined) return known;
    heavy.set(id, false); // a cycle reaches nothing new
    const result =
      chartPackages.test(id) ||
      ownChunkPackages.test(id) ||
      (!id.includes('node_modules') &&
        (ctx.getModuleInfo(id)?.importedIds ?? []).some((next) => reachesHeavy(next, ctx)));
    heavy.set(id, result);
    return result;
  };
  const notLanding = (
    id: string,
    ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
  ) => {
    landing ??= landingModules((m) => ctx.getModuleInfo(m));
    return !landing.has(id);
  };
  return {
    groups: [
      {
        // The domain rules the landing page's script shares with the app (money and date
        // formats): a small chunk of their own, kept out of `shared`, which would bring the app.
        debugName: 'formats',
        name: (id: string, ctx: Parameters<typeof notLanding>[1]) =>
          isOwnModule(id) && domainModule.test(id) && !notLanding(id, ctx) ? 'formats' : null,
        priority: 4,
      },
      // First, so React and Mantine stay here and are not pulled into `charts` as its dependencies.
      {
        // zod-config.ts goes with zod: a chunk runs its modules in import order, so it runs right
        // after zod and before any library or shared module makes a schema (see zod-config.ts).
        debugName: 'vendor',
        name: (id: string, ctx: Parameters<typeof notLanding>[1]) =>
          id === zodConfig ||
          (id.includes('node_modules') &&
            !isCss(id) &&
            !chartPackages.test(id) &&
            !ownChunkPackages.test(id) &&
            notLanding(id, ctx))
            ? 'vendor'
            : null,
        priority: 3,
      },
      { name: 'charts', test: chartPackages, priority: 2 },
      {
        // The app's own modules that several pages share, in one chunk; not those that draw a
        // chart or take a card (they would bring those libraries to every page).
        debugName: 'shared',
        name: (id: string, ctx: Parameters<typeof notLanding>[1]) =>
          isOwnModule(id) && notLanding(id, ctx) && !reachesHeavy(id, ctx) ? 'shared' : null,
        // Shared by two pages or more: with three, /dashboard still fetched 17 scripts.
        minShareCount: 2,
        priority: 1,
      },
    ],
  };
}

/**
 * The app's entry stylesheets go into index.html as <style>s: the first paint waits for no second
 * request (Lighthouse's render-blocking resource). The CSP allows inline styles (Mantine sets them
 * anyway); index.html is sent br-compressed and revalidated (304) on each visit, like the file was.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'plinth:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = html.source.replaceAll(
        /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
        (link, file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset') return link;
          return `<style>${String(css.source).trim()}</style>`;
        },
      );
    },
  };
}

// In dev the API runs on its own port (npm run dev); in production the server serves dist/.
export default defineConfig(({ command }) => ({
  plugins: [react(), inlineEntryCss()],
  resolve: {
    // react-router's package exports only its development build (dev warnings on); the build takes
    // the production one beside it.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fileURLToPath(
                new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Two pages: the app (index.html, every route but a first visit to `/`) and the static landing
    // page (landing.html, filled in by prerender.mjs after this build; decision 043).
    rolldownOptions: {
      input: { main: 'index.html', landing: 'landing.html' },
      output: { codeSplitting: chunkGroups() },
    },
  },
}));
