/**
 * An interface is named only where it is declared (its folder, the registry) and where interfaces
 * are composed by name (features/), plus documentation: no layer of the gateway and no build
 * script names one in code, so they derive what they know of each from the registry. Comments
 * may name interfaces; string literals and paths may not.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACES } from '../../../src/gateway/interfaces/registry.js';
import { ROOT } from '../../support/gateway.js';

/** The gateway's layers below the composition (eslint.config.js's LAYERS), which take the registry's tables handed down. */
const LAYERS = [
  'callers',
  'live',
  'federation',
  'stitching',
  'schema',
  'upstream',
  'http',
  'ops',
  'cache',
  'persisted',
  'provenance',
  'shared',
];
/** The fault-injection script names the interfaces it breaks, on purpose. */
const NAMING_SCRIPTS: ReadonlySet<string> = new Set(['scripts/chaos.ts']);

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourcesUnder(path);
    return /\.(ts|mjs)$/.test(entry) && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

/** `source` without its comments, so documentation may name what code may not. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

describe('interfaces named only in their folders', () => {
  const files = [
    ...LAYERS.flatMap((layer) => sourcesUnder(`src/gateway/${layer}`)),
    ...sourcesUnder('scripts').filter((path) => !NAMING_SCRIPTS.has(path)),
  ];

  it.each(INTERFACES.map(({ name }) => name))('no layer and no build script names %s in code', (name) => {
    const quoted = new RegExp(`['"\`/]${name}['"\`/]`);
    const naming = files.filter((path) => quoted.test(code(readFileSync(join(ROOT, path), 'utf8'))));
    expect(naming).toEqual([]);
  });
});
