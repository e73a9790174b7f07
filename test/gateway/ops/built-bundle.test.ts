/**
 * What `npm start` runs is the bundle the build step wrote (dist/main.js), not the source the
 * other process tests run: it must find its SDL files and the Mesh artefact, start the sandboxes
 * from dist/sandbox/, serve every interface, load GraphiQL on demand and drain on SIGTERM.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import { type GatewayProcess, spawnGateway } from './gateway-process.js';

let gateway: GatewayProcess;
let url: string;

beforeAll(async () => {
  gateway = spawnGateway({ PORT: '0' }, ROOT, 'built');
  const ready = await gateway.logLine('gateway ready');
  url = String(ready.url);
}, 60_000);

afterAll(async () => {
  if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
});

describe('the built gateway (dist/main.js)', () => {
  it('is a bundle (main.js and its chunks) that imports no module of src/ or dist/gateway/', () => {
    const chunks = readdirSync(join(ROOT, 'dist')).filter((file) => file.startsWith('main-chunk-') && file.endsWith('.js'));
    for (const file of ['main.js', ...chunks]) expect(readFileSync(join(ROOT, 'dist', file), 'utf8')).not.toMatch(/from ["']\.\/gateway\//);
    expect(readFileSync(join(ROOT, 'dist/main.js'), 'utf8')).toContain('import("./sandbox/registry.js")');
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

  it('drains and exits 0 on SIGTERM', async () => {
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
  });
});
