import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERFACES } from '../interfaces/registry.js';
import { documentedAnswer } from './response-shapes.js';

/** The folders of hand-written code that call `upstream.get`; every path literal there is a template for it. */
const HAND_WRITTEN = ['features', 'interfaces', 'federation'].map((folder) => fileURLToPath(new URL(`../${folder}`, import.meta.url)));
const PATH_LITERAL = /'(\/[A-Za-z0-9_{}./-]*)'/g;

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

describe('templates of hand-written upstream calls', () => {
  const templates = new Map<string, string>();
  for (const file of HAND_WRITTEN.flatMap(sources)) {
    for (const [, template = ''] of readFileSync(file, 'utf8').matchAll(PATH_LITERAL)) templates.set(template, file);
  }

  it('are found', () => {
    expect(templates.size).toBeGreaterThan(20);
  });

  it.each([...templates.keys()])('%s is a GET documented by an interface, so its answers are checked', (template) => {
    const documentedBy = INTERFACES.filter(({ vendor }) => documentedAnswer(vendor, 'GET', template)?.json).map(({ name }) => name);
    expect(documentedBy, `${template} in ${templates.get(template) ?? ''}`).not.toEqual([]);
  });
});
