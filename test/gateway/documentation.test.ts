import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/gateway/errors.js';
import { ROOT } from '../support/gateway.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's section under `heading`, up to the next heading of the same level; fails when it is gone. */
function section(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, `README has no "${heading}" section`).toBeGreaterThanOrEqual(0);
  const next = readme.indexOf('\n## ', start + heading.length + 2);
  return readme.slice(start, next === -1 ? undefined : next);
}

/** Every example operation file, as the README links it (test/examples/…). */
function exampleFiles(): string[] {
  return readdirSync(join(ROOT, 'test/examples'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.graphql'))
    .map((path) => `test/examples/${path}`);
}

describe('README', () => {
  it('has an error table to check', () => {
    expect(Object.keys(ERROR_CODES).length).toBeGreaterThan(0);
    expect(section('## Errors')).toContain('| `');
  });

  it.each(Object.entries(ERROR_CODES))('documents the error code %s with its meaning', (code, meaning) => {
    expect(section('## Errors')).toContain(`| \`${code}\` | ${meaning} |`);
  });

  it('gives the two commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });

  it('links every example operation file, and only files that exist', () => {
    const linked = new Set([...readme.matchAll(/\]\((test\/examples\/[^)]+)\)/g)].map(([, path]) => path ?? ''));
    expect(linked.size, 'the README links no example file').toBeGreaterThan(0);
    for (const path of linked) expect(existsSync(join(ROOT, path)), path).toBe(true);
    const examples = exampleFiles();
    expect(examples.length, 'test/examples holds no .graphql file').toBeGreaterThan(0);
    expect([...linked].sort()).toEqual(examples.sort());
  });
});
