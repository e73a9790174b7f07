/**
 * The documentation's layout (a short README, pages by task under docs/), its links, the error
 * catalogue in docs/errors.md, and the configuration reference: generated from
 * src/gateway/config-catalogue.ts, complete against the variables the code reads, and with the
 * defaults the code really has.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, configurationFiles } from '../../scripts/config-docs.js';
import { CONFIG_VARIABLES, type ConfigVariable } from '../../src/gateway/config-catalogue.js';
import { liveFeeds, loadConfig } from '../../src/gateway/config.js';
import { ERROR_CODES } from '../../src/gateway/errors.js';
import { INTERFACES } from '../../src/gateway/interfaces/registry.js';
import { intervalVariable } from '../../src/gateway/live/live-settings.js';
import { ROOT } from '../support/gateway.js';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Files below `folder` (relative to the root) whose name ends with `suffix`, as root-relative paths. */
function filesUnder(folder: string, suffix: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(suffix))
    .map((path) => join(folder, path));
}

const readme = read('README.md');
const pages = ['README.md', ...filesUnder('docs', '.md')];

/** Markdown without its fenced code blocks, where `[x](y)` and `# x` are not links or headings. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** The anchors GitHub gives a page's headings (a repeated heading gets -1, -2…). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const anchor = anchorOf(heading ?? '');
    const count = seen.get(anchor) ?? 0;
    result.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return result;
}

/** Every relative link of a page: the path from the root (empty: the page itself) and the anchor. */
function links(page: string): { target: string; path: string; anchor: string | undefined }[] {
  return [...prose(read(page)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [file = '', anchor] = target.split('#');
      return { target, path: file === '' ? page : relative(ROOT, join(ROOT, dirname(page), file)), anchor };
    });
}

describe('README', () => {
  it('is short: what it is, the two commands, a first query and links', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    for (const letter of ['A', 'B', 'C', 'D']) expect(readme).toMatch(new RegExp(`^\\| ${letter} \\| `, 'm'));
    expect(readme).toContain('## A first query');
  });

  it('keeps the data licences, with the ODbL attribution', () => {
    expect(readme).toContain('## Data and licences');
    expect(readme).toContain('Open Database License (ODbL) v1.0');
  });

  it('links every page of docs/, as does the index', () => {
    const linkedFrom = (page: string): Set<string> => new Set(links(page).map(({ path }) => path));
    const fromReadme = linkedFrom('README.md');
    const fromIndex = linkedFrom('docs/README.md');
    for (const page of pages.filter((path) => path.startsWith('docs/') && path !== 'docs/README.md')) {
      expect(fromReadme.has(page) || fromIndex.has(page), `${page} is linked from neither README.md nor docs/README.md`).toBe(true);
    }
    expect(fromReadme.has('docs/README.md')).toBe(true);
  });
});

describe('docs/', () => {
  it.each(pages)('%s: every relative link resolves, anchors included', (page) => {
    for (const { target, path, anchor } of links(page)) {
      expect(existsSync(join(ROOT, path)), `${page} links ${target}: no ${path}`).toBe(true);
      if (anchor === undefined) continue;
      expect(path.endsWith('.md') && statSync(join(ROOT, path)).isFile(), `${page} links ${target}: an anchor in a non-page`).toBe(true);
      expect([...anchors(read(path))], `${page} links ${target}`).toContain(anchor);
    }
  });

  it.each(pages.filter((page) => page.startsWith('docs/')))('%s starts with a title and a summary paragraph', (page) => {
    const [title, blank, summary] = read(page).split('\n');
    expect(title).toMatch(/^# \S/);
    expect(blank).toBe('');
    expect(summary).toMatch(/^\S/);
  });

  it('links every example operation file, and only files that exist', () => {
    const linked = new Set(
      pages.flatMap((page) => links(page).map(({ path }) => path)).filter((path) => path.startsWith('test/examples/')),
    );
    expect([...linked].sort()).toEqual(filesUnder('test/examples', '.graphql').sort());
  });
});

describe('docs/errors.md', () => {
  const errors = read('docs/errors.md');

  it.each(Object.entries(ERROR_CODES))('documents the error code %s with its meaning', (code, meaning) => {
    expect(errors).toContain(`| \`${code}\` | ${meaning} |`);
  });
});

/** Variables named in a reader: `(env, 'NAME'`, `env.NAME`, `env['NAME']`, `process.env.NAME`. */
const READ_PATTERNS = [/\(\s*env\s*,\s*'([A-Z][A-Z0-9_]*)'/g, /\benv\.([A-Z][A-Z0-9_]*)/g, /\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g];

/** Loaders that hold their names in tables (or pass them on), so every UPPER_SNAKE literal in them is a variable. */
const NAME_TABLES = [
  'src/gateway/config.ts',
  'src/gateway/http/limits-config.ts',
  'src/gateway/live/live-settings.ts',
  'src/gateway/upstream/upstream-settings.ts',
  'src/gateway/callers/identity-config.ts',
  'src/gateway/callers/caller-limits.ts',
  'src/sandbox/tool-settings.ts',
];

function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const sources = [...filesUnder('src/gateway', '.ts'), 'src/main.ts', 'src/launcher.ts', 'src/sandbox/tool-settings.ts'].filter(
    (path) => !path.endsWith('.test.ts') && !path.includes('/generated/'),
  );
  for (const path of sources) {
    const text = read(path);
    for (const pattern of READ_PATTERNS) for (const [, name] of text.matchAll(pattern)) found.set(name ?? '', path);
  }
  for (const path of NAME_TABLES)
    for (const [, quoted, pattern] of read(path).matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'|\/\^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)/g))
      found.set(quoted ?? pattern ?? '', path);
  for (const { variables } of INTERFACES)
    for (const name of Object.values(variables)) found.set(name, 'src/gateway/interfaces/registry.ts');
  for (const { name } of liveFeeds(INTERFACES)) found.set(intervalVariable(name), 'src/gateway/live/live-settings.ts');
  return found;
}

/** A config as comparable data: functions by their source, sets and maps as arrays. */
function comparable(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'function') return `fn:${String(item)}`;
    if (item instanceof Set) return [...(item as Set<unknown>)];
    if (item instanceof Map) return [...(item as Map<unknown, unknown>)];
    return item;
  });
}

const readByGateway = (variable: ConfigVariable): boolean => (variable.reader ?? 'gateway') === 'gateway';

describe('the configuration reference', () => {
  it.each(Object.entries(configurationFiles()))('%s is what npm run generate writes from the catalogue', (path, content) => {
    expect(existsSync(join(ROOT, path)), `${path} is missing: run npm run generate`).toBe(true);
    expect(read(path), `${path} is stale: run npm run generate and commit it`).toBe(content);
  });

  it('lists every variable the code reads (add an entry to src/gateway/config-catalogue.ts)', () => {
    const documented = new Set(CONFIG_VARIABLES.map(({ name }) => name));
    const missing = [...variablesRead()].filter(([name]) => !documented.has(name)).map(([name, path]) => `${name} (read in ${path})`);
    expect(missing).toEqual([]);
  });

  it('lists only variables the code reads, each once', () => {
    const read = variablesRead();
    const names = CONFIG_VARIABLES.map(({ name }) => name);
    expect(names.length).toBe(new Set(names).size);
    const stale = CONFIG_VARIABLES.filter(({ name, reader }) => !name.includes('<') && reader !== 'opentelemetry' && !read.has(name));
    expect(stale.map(({ name }) => name)).toEqual([]);
  });

  const development = CONFIG_VARIABLES.filter((variable) => readByGateway(variable) && variable.default !== undefined);
  it.each(development.map((variable) => [variable.name, variable] as const))(
    '%s: the documented default is what the code does when it is unset',
    (name, variable) => {
      const base = { ...variable.needs };
      expect(comparable(loadConfig({ ...base, [name]: variable.default }))).toBe(comparable(loadConfig(base)));
    },
  );

  const production = CONFIG_VARIABLES.filter(
    (variable) => readByGateway(variable) && (variable.productionDefault ?? variable.default) !== undefined,
  );
  it.each(production.map((variable) => [variable.name, variable] as const))(
    '%s: the documented production default is what the code does under NODE_ENV=production',
    (name, variable) => {
      const base = { NODE_ENV: 'production', ALLOW_SANDBOXES: 'true', ...variable.needs };
      expect(comparable(loadConfig({ ...base, [name]: variable.productionDefault ?? variable.default }))).toBe(
        comparable(loadConfig(base)),
      );
    },
  );
});
