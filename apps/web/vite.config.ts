import { createHash } from 'node:crypto';
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

const srcFile = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const mainEntry = srcFile('main.tsx');
const appHtml = fileURLToPath(new URL('./index.html', import.meta.url));
const shellLayout = srcFile('app/shell/shell-layout.tsx');
/**
 * The pages a phone opens first (issue 36 item 5, decision 081): the sign-in page, a developer's
 * dashboard and a funder's marketplace. What they need is grouped by which of them needs it, so
 * the first page runs only its own modules, not every page's.
 */
const firstPages = new Map([
  [srcFile('app/routes/login.tsx'), 'login'],
  [srcFile('app/routes/dashboard.tsx'), 'dashboard'],
  [srcFile('app/routes/marketplace.tsx'), 'marketplace'],
]);

type Ctx = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules `from` reaches by static imports; `ownOnly` does not follow into libraries. */
function closure(from: string, ctx: Ctx, ownOnly: boolean) {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (!ownOnly || !next.includes('node_modules')) stack.push(next);
    }
  }
  return seen;
}

/**
 * Chunks by what a page needs, not one per shared module (issue 36 item 5, decisions 064 and 081):
 * left to itself the bundler made 190 chunks, and a signed-in page fetched over 100 scripts; put
 * in one `vendor` and one `shared` chunk, the first page ran every page's modules (the domain's
 * zod schemas of the deal room, the facilities, the project wizard…) before it drew anything.
 * Now: `vendor` holds the libraries the entry, the signed-in shell and the first pages reach and
 * `vendor-more` the rest; the app's own modules the shell needs go in `shell`; those the first
 * pages need in a chunk named by which of them need it (`page-dashboard`, `page-dashboard+marketplace`);
 * the other modules two pages or more share in `shared`; `charts` apart. The landing page's few
 * modules (and the `formats` it shares) stay out, so `/` loads none of the app.
 */
function chunkGroups() {
  let landing: Set<string> | undefined;
  let graph:
    | { entry: Set<string>; shell: Set<string>; pages: [string, Set<string>][]; libraries: Set<string> }
    | undefined;
  const graphOf = (ctx: Ctx) => {
    if (graph) return graph;
    const entry = closure(mainEntry, ctx, true);
    const shell = closure(shellLayout, ctx, true);
    const pages = [...firstPages].map(
      ([id, name]) => [name, closure(id, ctx, true)] as [string, Set<string>],
    );
    const libraries = new Set<string>();
    for (const from of [mainEntry, shellLayout, ...firstPages.keys()]) {
      for (const id of closure(from, ctx, false)) if (id.includes('node_modules')) libraries.add(id);
    }
    graph = { entry, shell, pages, libraries };
    return graph;
  };
  const heavy = new Map<string, boolean>();
  const reachesHeavy = (id: string, ctx: Ctx): boolean => {
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
  const notLanding = (id: string, ctx: Ctx) => {
    landing ??= landingModules((m) => ctx.getModuleInfo(m));
    return !landing.has(id);
  };
  /** The group of one of the app's own modules that the entry does not already hold. */
  const ownGroup = (id: string, ctx: Ctx) => {
    const { entry, shell, pages } = graphOf(ctx);
    if (entry.has(id)) return null;
    if (shell.has(id)) return 'shell';
    const needs = pages.filter(([, reached]) => reached.has(id)).map(([name]) => name);
    return needs.length > 0 ? `page-${needs.join('+')}` : null;
  };
  return {
    // A group holds only the modules named for it, not their dependencies (the first pages'
    // groups would otherwise pull the entry's modules out of it); strictExecutionOrder (below)
    // keeps the modules running in import order across the chunks, as rolldown asks for this.
    includeDependenciesRecursively: false,
    groups: [
      {
        // The domain rules the landing page's script shares with the app (money and date
        // formats): a small chunk of their own, kept out of `shared`, which would bring the app.
        debugName: 'formats',
        name: (id: string, ctx: Ctx) =>
          isOwnModule(id) && domainModule.test(id) && !notLanding(id, ctx) ? 'formats' : null,
        priority: 5,
      },
      // First, so React and Mantine stay here and are not pulled into `charts` as its dependencies.
      {
        // zod-config.ts goes with zod: a chunk runs its modules in import order, so it runs right
        // after zod and before any library or shared module makes a schema (see zod-config.ts).
        debugName: 'vendor',
        name: (id: string, ctx: Ctx) => {
          if (id === zodConfig) return 'vendor';
          if (
            !id.includes('node_modules') ||
            isCss(id) ||
            chartPackages.test(id) ||
            ownChunkPackages.test(id)
          )
            return null;
          if (!notLanding(id, ctx)) return null;
          return graphOf(ctx).libraries.has(id) ? 'vendor' : 'vendor-more';
        },
        priority: 4,
      },
      { name: 'charts', test: chartPackages, priority: 3 },
      {
        // What the signed-in shell and the first pages need, by which of them needs it.
        debugName: 'first pages',
        name: (id: string, ctx: Ctx) => (isOwnModule(id) && notLanding(id, ctx) ? ownGroup(id, ctx) : null),
        priority: 2,
      },
      {
        // The app's own modules that several other pages share, in one chunk; not those that draw
        // a chart or take a card (they would bring those libraries to every page).
        debugName: 'shared',
        name: (id: string, ctx: Ctx) =>
          isOwnModule(id) && notLanding(id, ctx) && !graphOf(ctx).entry.has(id) && !reachesHeavy(id, ctx)
            ? 'shared'
            : null,
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

/** The public pages: no session to ask for (the shell's guard reads it on every other page). */
const publicPaths = ['/', '/privacy', '/terms', '/cookies', '/login', '/register', '/sign-up', '/onboarding'];
/** Pages whose route chunk the hints fetch beside the entry (the first pages, decision 081). */
const hintedRoutes: Record<string, string> = {
  '/login': srcFile('app/routes/login.tsx'),
  '/register': srcFile('app/routes/register.tsx'),
  '/dashboard': srcFile('app/routes/dashboard.tsx'),
  '/projects': srcFile('app/routes/marketplace.tsx'),
};

/**
 * Route hints (decision 081): without them a signed-in page loads in steps — the entry and vendor,
 * then (once they have run) the shell's and the route's chunks, then (once the shell has run) the
 * session, then the page's data. A tiny async script, fetched beside the entry and run as soon as
 * it arrives, asks for the shell's and the route's chunks (`modulepreload`) and for the session
 * (`preload` as fetch, which the app's own GET /api/auth/me then takes from the preload cache)
 * while vendor is still downloading. It is a file, not inline: the CSP allows only 'self' scripts.
 */
function routeHints(): Plugin {
  return {
    name: 'plinth:route-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (moduleId: string) => chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === appHtml);
      const loadedByEntry = new Set<string>();
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const next of chunk.imports) withImports(next, into);
      };
      if (!entry)
        throw new Error(
          `route hints: no entry chunk among ${chunks
            .filter((c) => c.isEntry)
            .map((c) => c.facadeModuleId)
            .join(', ')}`,
        );
      withImports(entry.fileName, loadedByEntry);
      // The route's module, the facade chunk `import()` names (when the module sits in a group),
      // their imports, and the stylesheets the route's import brings in.
      const filesOf = (moduleId: string) => {
        const files = new Set<string>();
        for (const chunk of chunks) {
          if (chunk.facadeModuleId === moduleId || chunk === chunkOf(moduleId))
            withImports(chunk.fileName, files);
        }
        const scripts = [...files].filter((file) => !loadedByEntry.has(file));
        const css = new Set(
          scripts.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          }),
        );
        return [...scripts, ...css];
      };
      const shellFiles = filesOf(shellLayout);
      const hints: Record<string, string[]> = {};
      for (const [path, moduleId] of Object.entries(hintedRoutes)) {
        const files = new Set([...(publicPaths.includes(path) ? [] : shellFiles), ...filesOf(moduleId)]);
        hints[path] = [...files].map((file) => `/${file}`);
      }
      const source = `// Route hints (vite.config.ts, decision 081): fetch the page's chunks and the session beside the entry.
const path = location.pathname === '/' ? '/' : location.pathname.replace(/[/]+$/, '');
const hints = ${JSON.stringify(hints)};
const publicPaths = ${JSON.stringify(publicPaths)};
const hint = (rel, href, as) => {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) {
    link.as = as;
    link.crossOrigin = 'anonymous';
  }
  document.head.append(link);
};
if (!publicPaths.includes(path)) hint('preload', '/api/auth/me', 'fetch');
for (const file of hints[path] ?? []) {
  if (file.endsWith('.css')) hint('preload', file, 'style');
  else hint('modulepreload', file);
}
`;
      const fileName = `assets/route-hints-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      html.source = html.source.replace(
        '<script type="module"',
        `<script type="module" async src="/${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}

// In dev the API runs on its own port (npm run dev); in production the server serves dist/.
export default defineConfig(({ command }) => ({
  plugins: [react(), inlineEntryCss(), routeHints()],
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
      output: { codeSplitting: chunkGroups(), strictExecutionOrder: true },
    },
  },
}));
