/**
 * The code cache, in processes of their own as the gateway uses it: V8 keeps scripts it compiled
 * in a per-process table, so a second load in one process would not say whether the file was used.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheFile } from './code-cache.js';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CODE_CACHE = pathToFileURL(fileURLToPath(new URL('./code-cache.ts', import.meta.url))).href;

/** A bundle in the shape the build writes: CommonJS, requiring a module beside it as the gateway requires its sandboxes. */
const BUNDLE = `
const { sep } = require('node:path');
const { beside } = require('./beside.mjs');
function triangle(n) { let sum = 0; for (let i = 1; i <= n; i += 1) sum += i; return sum; }
globalThis.bundleRan = {
  triangle: triangle(10),
  sep,
  filename: __filename,
  exportsObject: module.exports === exports,
  beside,
};
`;

/** Loads the bundle as the launcher does, saves the cache, and prints what happened. */
const RUNNER = (bundle: string, cache: string): string => `
import { runCachedBundle } from ${JSON.stringify(CODE_CACHE)};
const loaded = runCachedBundle(${JSON.stringify(bundle)}, ${JSON.stringify(cache)});
const saved = loaded.save();
process.stdout.write(JSON.stringify({ accepted: loaded.accepted, saved, ran: globalThis.bundleRan }));
`;

interface Loaded {
  accepted: boolean;
  saved: boolean;
}

let folder: string;
let bundle: string;
let cache: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'code-cache-'));
  bundle = join(folder, 'bundle.cjs');
  cache = join(folder, 'caches', 'bundle.bin');
  writeFileSync(bundle, BUNDLE);
  writeFileSync(join(folder, 'beside.mjs'), "export const beside = 'an ES module';\n");
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Loads the bundle in a new process (with `flags` for V8); checks that it ran whole each time. */
function load(flags: string[] = []): Loaded {
  const output = execFileSync(process.execPath, [...flags, '--import', TSX, '--input-type=module', '--eval', RUNNER(bundle, cache)], {
    encoding: 'utf8',
  });
  const { ran, ...loaded } = JSON.parse(output) as Loaded & { ran: unknown };
  expect(ran).toEqual({ triangle: 55, sep: '/', filename: bundle, exportsObject: true, beside: 'an ES module' });
  return loaded;
}

describe('runCachedBundle', () => {
  it('writes a cache the first time and is given it the next, in a folder only its user reads', () => {
    expect(load()).toEqual({ accepted: false, saved: true });
    expect(statSync(cache).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, 'caches')).mode & 0o777).toBe(0o700);
    const written = statSync(cache).ino;
    expect(load()).toEqual({ accepted: true, saved: true });
    expect(statSync(cache).ino).toBe(written);
  });

  it('is refused under other V8 flags, and then written afresh', () => {
    load();
    expect(load(['--stack-size=900'])).toEqual({ accepted: false, saved: true });
    expect(load(['--stack-size=900'])).toEqual({ accepted: true, saved: true });
    expect(load()).toEqual({ accepted: false, saved: true });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['garbage', Buffer.from('not a code cache at all, whatever V8 makes of it'.repeat(50))],
  ])('runs the bundle when the cache file is %s, and replaces it', (_what, content) => {
    load();
    writeFileSync(cache, content);
    expect(load()).toEqual({ accepted: false, saved: true });
    expect(readFileSync(cache).equals(content)).toBe(false);
    expect(load()).toEqual({ accepted: true, saved: true });
  });

  it('neither reads nor writes a cache in a folder that other users may write', () => {
    load();
    const written = readFileSync(cache);
    chmodSync(join(folder, 'caches'), 0o777);
    expect(load()).toEqual({ accepted: false, saved: false });
    expect(readFileSync(cache).equals(written)).toBe(true);
    chmodSync(join(folder, 'caches'), 0o700);
    expect(load()).toEqual({ accepted: true, saved: true });
  });

  it('runs the bundle when the cache cannot be written, and says so', () => {
    // A file where the cache's folder should be: neither mkdir nor the write can succeed.
    writeFileSync(join(folder, 'caches'), 'not a folder');
    expect(load()).toEqual({ accepted: false, saved: false });
  });
});

describe('codeCacheFile', () => {
  it("is named after the bundle's digest, the Node version and the CPU, under Node's compile-cache folder", () => {
    expect(codeCacheFile({}, 'abc')).toBe(
      join(tmpdir(), 'node-compile-cache', 'four-rest-one-graph', `abc-${process.version}-${process.arch}.bin`),
    );
    expect(codeCacheFile({ NODE_COMPILE_CACHE: '/var/cache/node' }, 'abc')).toBe(
      join('/var/cache/node', 'four-rest-one-graph', `abc-${process.version}-${process.arch}.bin`),
    );
  });

  it('is none when the operator turned compile caches off', () => {
    expect(codeCacheFile({ NODE_DISABLE_COMPILE_CACHE: '1' }, 'abc')).toBeUndefined();
  });
});
