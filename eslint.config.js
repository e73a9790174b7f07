// Lint rules: ESLint's and typescript-eslint's recommended sets, plus the architecture's two
// rules: the product (src/gateway) and the sandboxes (src/sandbox) never import each other (only
// the composition root, src/main.ts, wires them together), and no module imports itself through
// a cycle. Prettier checks the format and the type checker (`tsc`, strict) runs beside it in
// `npm run lint`.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

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
