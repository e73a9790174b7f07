// Build step: tsc emits only JavaScript, but the modules read files beside them at run time
// (the hand-written SDL, the sandboxes' data); copy every non-TypeScript file of src/ to dist/.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
cpSync(`${root}src`, `${root}dist`, {
  recursive: true,
  filter: (source) => !source.endsWith('.ts') || source.endsWith('.d.ts'),
});
