// Lint rules: ESLint's and typescript-eslint's recommended sets, plus the architecture's rules:
// the product (src/gateway) and the sandboxes (src/sandbox) never import each other (only the
// composition root, src/main.ts, wires them together), no module imports itself through a cycle,
// and the gateway's layers point one way (boundaries/dependencies, below): no layer imports a
// value from the composition, so the tables derived from interfaces/registry.ts are handed down
// by it, never imported back from config.ts; and a helper is never imported from a Yoga plugin
// module (use-*.ts). Prettier checks the format and the type checker (`tsc`, strict) runs beside
// it in `npm run lint`.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The gateway's layers, bottom up, and what each may import besides itself (issue 22: `ops`,
 * `http` → `upstream` → shared; `features` → `interfaces` → `schema`; never back):
 *   shared (shared/, and errors.ts, logger.ts, clock.ts, days.ts, env-number.ts) ← cache ← upstream
 *   ← ops, http, callers, live, provenance: the request's edge, peers that may import each other
 *   upstream ← schema ← interfaces ← features ← federation ← stitching
 *   the other files in src/gateway (server.ts, build-schema.ts, graph-modules.ts, config.ts,
 *   context.ts, …) compose the gateway and may import anything.
 */
const EDGE = ['shared', 'cache', 'upstream', 'ops', 'http', 'callers', 'live'];
const LAYERS = {
  shared: [],
  cache: ['shared'],
  upstream: ['shared', 'cache'],
  ops: EDGE,
  http: EDGE,
  callers: EDGE,
  live: EDGE,
  provenance: EDGE,
  persisted: ['shared', 'cache'],
  schema: ['shared', 'upstream'],
  interfaces: ['shared', 'upstream', 'schema'],
  // features/live serves subscriptions through the poll engine in live/.
  features: ['shared', 'upstream', 'schema', 'interfaces', 'live'],
  federation: ['shared', 'upstream', 'schema', 'interfaces', 'features', 'callers'],
  stitching: ['schema', 'federation'],
  generated: [],
};
/** The files directly in src/gateway that are shared helpers, below every layer. */
const ROOT_SHARED = ['errors', 'logger', 'clock', 'days', 'env-number'];
const GATEWAY_ROOTS = ['src/gateway', 'test/fixtures/layers'];
const SHARED = [{ element: { type: 'shared' } }, { element: { type: 'root' }, file: { categories: 'shared' } }];
const COMPOSITION = { element: { type: 'root' }, file: { categories: 'composition' } };
/** Entity selectors of the named layers. */
const layers = (...types) => types.flatMap((type) => (type === 'shared' ? SHARED : [{ element: { type } }]));

export default tseslint.config(
  // src/gateway/generated/ is GraphQL Code Generator's output (npm run generate), checked by tsc instead.
  { ignores: ['node_modules/', 'tmp/', 'var/', '.mesh/', 'dist/', 'bench/peers/', 'test/fixtures/', 'src/gateway/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts', 'test/fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/gateway',
              from: './src/sandbox',
              message: 'The gateway never imports sandbox code; src/main.ts wires the two together.',
            },
            {
              target: './src/sandbox',
              from: './src/gateway',
              message: 'A sandbox never imports gateway code; it plays the vendor and owns what it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    // The gateway's layers (issue 22): each folder of src/gateway is one element, and LAYERS
    // below lists what each may import besides itself, so an import in any other direction fails.
    // Tests (*.test.ts) are exempt: a test may assemble whatever layers it exercises.
    files: ['src/gateway/**/*.ts', 'test/fixtures/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/root-path': import.meta.dirname,
      'boundaries/ignore': ['**/*.test.ts'],
      // test/fixtures/layers stands for src/gateway in test/gateway/lint-architecture.test.ts.
      'boundaries/elements': GATEWAY_ROOTS.flatMap((base) => [
        ...Object.keys(LAYERS).map((folder) => ({ type: folder, pattern: `${base}/${folder}`, partialMatch: false })),
        // The files directly in src/gateway; their category (below) says which are shared helpers.
        { type: 'root', pattern: base, partialMatch: false },
      ]),
      'boundaries/files': GATEWAY_ROOTS.flatMap((base) => [
        { category: 'shared', pattern: `${base}/{${ROOT_SHARED.join(',')}}.ts` },
        { category: 'composition', pattern: `${base}/!(${ROOT_SHARED.join('|')}).ts` },
      ]),
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkInternals: true,
          message:
            "The gateway's layers point one way (LAYERS in eslint.config.js says what each may import): move what both need below both.",
          policies: [
            { from: COMPOSITION, allow: { to: [{ element: { type: '*' } }] } },
            { from: SHARED, allow: { to: SHARED } },
            ...Object.entries(LAYERS).map(([type, below]) => ({
              from: { element: { type } },
              allow: { to: layers(type, ...below) },
            })),
            // published-schema.ts prints the scopes on the schema from the one table of which field
            // needs which scope, kept beside the caller checks that enforce it.
            { from: { element: { type: 'schema' } }, allow: { to: { element: { type: 'callers', fileInternalPath: 'field-scopes.ts' } } } },
            // field-scopes.ts names the types as a federation router sees them (TYPE_PREFIX applied).
            {
              from: { element: { type: 'callers' } },
              allow: { to: { element: { type: 'federation', fileInternalPath: 'type-prefix.ts' } } },
            },
            // Code Generator's resolver types map each GraphQL type to the record a slice resolves it from.
            { from: { element: { type: 'generated' } }, allow: { to: layers('interfaces', 'features'), dependency: { kind: 'type' } } },
            // Type-only, so erased at build: the configuration's names (config.ts), the resolvers'
            // context (context.ts) and the generated resolver types are assembled from every slice
            // and handed back to every slice; no layer loads them at run time.
            { allow: { to: [COMPOSITION, { element: { type: 'generated' } }], dependency: { kind: 'type' } } },
          ],
        },
      ],
    },
  },
  {
    // A Yoga plugin module (use-*.ts) only registers hooks: the helpers it runs live in plain
    // modules beside it, so the fast path, the live layer and the WebSocket relay share them
    // without importing a plugin. Only the composition (the files directly in src/gateway, which
    // register the plugins) imports one; a type (a hook's payload) may be imported from anywhere.
    files: GATEWAY_ROOTS.map((base) => `${base}/*/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)use-[^/]+\\.js$',
              allowTypeImports: true,
              message: 'A plugin module (use-*.ts) only registers: import the helper from the plain module it belongs in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Build scripts run on Node.
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { URL: 'readonly', process: 'readonly', console: 'readonly' } },
  },
  {
    // Tests and the benchmark read loosely typed GraphQL and REST answers.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
