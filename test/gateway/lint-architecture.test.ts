/**
 * The architecture rules `npm run lint` enforces, shown failing on deliberate breaks: the
 * gateway importing a sandbox, a sandbox importing the gateway, and an import cycle.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/gateway.js';

// `ignore: false` lints the fixtures, which the repository's own lint run skips on purpose.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function ruleIds(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('npm run lint', () => {
  it('refuses a gateway module that imports sandbox code', async () => {
    const ids = await ruleIds("export { SANDBOXES } from '../sandbox/registry.js';\n", 'src/gateway/deliberate-break.ts');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a sandbox module that imports gateway code', async () => {
    const ids = await ruleIds("export { loadConfig } from '../gateway/config.js';\n", 'src/sandbox/deliberate-break.ts');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lets the composition root import both', async () => {
    const code = "export { loadConfig } from './gateway/config.js';\nexport { SANDBOXES } from './sandbox/registry.js';\n";
    expect(await ruleIds(code, 'src/deliberate-root.ts')).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const [result] = await eslint.lintFiles([join(ROOT, 'test/fixtures/import-cycle/first.ts')]);
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
