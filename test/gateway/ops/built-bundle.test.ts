/**
 * What `npm start` runs is the bundle the build step wrote (dist/main.js, the launcher, and
 * dist/gateway.cjs), not the source the other process tests run: it must find its SDL files and
 * the Mesh artefact, start the sandboxes from dist/sandbox/, serve every interface, load GraphiQL
 * on demand, keep its code cache and drain on SIGTERM.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import { codeCacheEntries } from './code-cache-files.js';
import { type GatewayProcess, spawnGateway } from './gateway-process.js';

let gateway: GatewayProcess;
let url: string;
/** The compile-cache folder of this file's gateways, so what they find there is only what they wrote. */
const caches = mkdtempSync(join(tmpdir(), 'built-bundle-caches-'));
const CACHE_ENV = { NODE_COMPILE_CACHE: caches };

beforeAll(async () => {
  gateway = spawnGateway({ PORT: '0', ...CACHE_ENV }, ROOT, 'built');
  const ready = await gateway.logLine('gateway ready');
  url = String(ready.url);
}, 60_000);

afterAll(async () => {
  if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  rmSync(caches, { recursive: true, force: true });
});

/** The finished cache files of `caches` (a write in progress is a .partial), once there are `count` (or after ten seconds). */
async function cacheFiles(count: number): Promise<string[]> {
  const finished = (): string[] => codeCacheEntries(caches).filter((file) => file.endsWith('.bin'));
  for (let tries = 0; tries < 100 && finished().length < count; tries += 1) await sleep(100);
  return finished();
}

describe('the built gateway (dist/main.js)', () => {
  it('is one bundle beside its launcher that imports no module of src/ or dist/gateway/, and no import() to lose', () => {
    const bundle = readFileSync(join(ROOT, 'dist/gateway.cjs'), 'utf8');
    for (const text of [readFileSync(join(ROOT, 'dist/main.js'), 'utf8'), bundle])
      expect(text).not.toMatch(/(from |require\()["']\.\/gateway\//);
    expect(bundle).toContain('require("./sandbox/registry.js")');
    expect(bundle).not.toMatch(/\bimport\(/);
    // The launcher reads it a byte a character (code-cache.ts).
    expect(bundle).toMatch(/^[\0-\x7f]*$/);
  });

  it('answers a query that reaches all four sandboxes', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ country(code: "FR") { names { common } } tokens(limit: 1) { symbol } stablecoinState { reserveRatio } addressSuggestions(query: "10 Downing") { suggestion } }',
      }),
    });
    const body: { data?: Record<string, unknown>; errors?: unknown[] } = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data?.country).toEqual({ names: { common: 'France' } });
    expect(Object.keys(body.data ?? {})).toEqual(['country', 'tokens', 'stablecoinState', 'addressSuggestions']);
  });

  it('serves GraphiQL, loaded on the first visit', async () => {
    const response = await fetch(url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Four REST interfaces, one graph');
  });

  it('keeps the code its start compiled, and the next start takes it as it is', async () => {
    const [cache] = await cacheFiles(1);
    expect(cache).toMatch(new RegExp(`-${process.version}-${process.arch}\\.bin$`));
    const written = statSync(cache ?? '');
    const next = spawnGateway({ PORT: '0', ...CACHE_ENV }, ROOT, 'built');
    try {
      const ready = await next.logLine('gateway ready');
      const response = await fetch(String(ready.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ country(code: "JP") { names { common } } }' }),
      });
      expect(await response.json()).toEqual(expect.objectContaining({ data: { country: { names: { common: 'Japan' } } } }));
      // Settled 300 ms after serving: a cache V8 had refused would have been replaced by now.
      await sleep(1_500);
      expect(statSync(cache ?? '')).toMatchObject({ ino: written.ino, mtimeMs: written.mtimeMs });
      expect(await cacheFiles(1)).toHaveLength(1);
    } finally {
      next.child.kill('SIGKILL');
    }
  }, 60_000);

  it('drains and exits 0 on SIGTERM', async () => {
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
  });
});
