// Bundles the server (and its CLI) into dist/: our workspace packages are inlined, every npm
// dependency stays an import of node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
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
