/**
 * Import rules checked by `npm run check:structure` (part of `npm test`): no import circle in the
 * server, the web app or the domain package; the web app never imports server code; a web feature
 * never reaches into another feature (the app layer in apps/web/src/app composes features, and
 * what several features share lives in apps/web/src/components, lib or packages/domain).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that import each other cannot be read or tested alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-into-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; shared shapes live in packages/domain.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'domain-stands-alone',
      severity: 'error',
      comment: 'packages/domain is pure: it imports neither app.',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-cross-feature-imports',
      severity: 'error',
      comment:
        "A web feature does not import another feature's internals; move what both need to components/, lib/ or the domain, or compose them in app/.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
