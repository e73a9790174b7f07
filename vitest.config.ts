import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS (main) and ESM (module) builds. Node loads Mesh and Yoga with the
    // CommonJS one; Vite would give our sources the ESM one, and graphql refuses types from the
    // other realm. One module for everyone.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    // Feature tests and unit tests sit beside their code in src/; the rest in test/.
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file starts its own sandboxes and gateway on port 0; forks keep their state apart.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
