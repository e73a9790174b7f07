import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/gateway/errors.js';
import { ROOT } from '../support/gateway.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it.each(Object.entries(ERROR_CODES))('documents the error code %s with its meaning', (code, meaning) => {
    expect(readme).toContain(`| \`${code}\` | ${meaning} |`);
  });

  it('gives the two commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });

  it('links only example files that exist', () => {
    for (const [, path] of readme.matchAll(/\]\((test\/examples\/[^)]+)\)/g)) {
      expect(() => readFileSync(join(ROOT, path ?? ''), 'utf8'), path).not.toThrow();
    }
  });
});
