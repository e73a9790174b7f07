/**
 * The architecture rules `npm run lint` enforces, shown failing on deliberate breaks: the
 * gateway importing a sandbox, a sandbox importing the gateway, an import cycle, an import
 * against the gateway's layers, a table imported back from the configuration, and a helper
 * imported from a plugin module (test/fixtures/layers stands for src/gateway in eslint.config.js).
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

describe("npm run lint, on the gateway's layers", () => {
  const fixture = (path: string) => join(ROOT, 'test/fixtures/layers', path);
  async function ruleIdsOf(path: string): Promise<(string | null)[]> {
    const [result] = await eslint.lintFiles([fixture(path)]);
    return (result?.messages ?? []).map((message) => message.ruleId);
  }

  it.each([
    ['upstream/forbidden.ts', 'upstream importing ops'],
    ['schema/forbidden.ts', 'schema importing an interface'],
    ['errors.ts', 'a shared helper loading the composition at run time'],
  ])('refuses %s: %s', async (path) => {
    expect(await ruleIdsOf(path)).toEqual(['boundaries/dependencies']);
  });

  it.each([
    ['ops/probe.ts', 'ops → upstream'],
    ['upstream/client.ts', 'upstream → shared'],
    ['schema/pass.ts', 'schema → upstream'],
    ['interfaces/vendor.ts', 'interfaces → schema'],
    ['features/field.ts', 'features → interfaces, and a type from the composition'],
    ['context.ts', 'the composition → any layer'],
    ['callers/units-handed-down.ts', 'a table handed down, with only its type from the configuration'],
    ['http/type-from-plugin.ts', "a hook's payload type from a plugin module"],
    ['plugins.ts', 'the composition registering a plugin'],
  ])('accepts %s: %s', async (path) => {
    expect(await ruleIdsOf(path)).toEqual([]);
  });

  it('refuses a registry-derived table imported back from the configuration (config.ts) by a layer', async () => {
    expect(await ruleIdsOf('callers/units-from-config.ts')).toEqual(['boundaries/dependencies']);
  });

  it('refuses a helper imported from a plugin module (use-*.ts) outside the composition', async () => {
    expect(await ruleIdsOf('http/helper-from-plugin.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('refuses a value import of the composition where only its types may go', async () => {
    const code = "import { compose } from '../context.js';\n\nexport const run = (): string[] => compose({ name: 'x' });\n";
    expect(await ruleIds(code, 'test/fixtures/layers/features/deliberate-break.ts')).toContain('boundaries/dependencies');
  });
});
