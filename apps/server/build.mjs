// Bundles the server (and its CLI) into dist/: our workspace packages are inlined, every npm
// dependency stays an import of node_modules. With splitting, a module the server imports only
// when configured (S3 storage, Stripe, an OpenAI-compatible model, SMTP) lands in a chunk of its
// own, so its npm packages load only then (issue 12 item 8: memory at rest).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// dist/ unless SERVER_BUILD_DIR says where: the API tests build into a folder of their run's own,
// so a build for them never removes the dist/ a running server uses.
const outdir = process.env.SERVER_BUILD_DIR || 'dist';

// Chunk names carry a content hash: old chunks would pile up beside the new ones.
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    // The page renderer's worker thread (decision 049), started by file name: dist/page-render-worker.js.
    { in: 'src/modules/page-view/render-worker.mjs', out: 'page-render-worker' },
  ],
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@plinth/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
