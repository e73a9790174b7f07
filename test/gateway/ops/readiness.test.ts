/**
 * The default readiness provider against a loopback upstream: any status below 500 is ready,
 * 5xx and silence are not, outcomes are reused for `cacheMs`, one probe in flight per upstream.
 * The route: a vendor that is down is reported but keeps `/readyz` 200, unless READINESS_REQUIRES
 * names it; a drain is 503 whatever the vendors say.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamName } from '../../../src/gateway/config.js';
import { probeUpstreams, useReadiness } from '../../../src/gateway/ops/readiness.js';
import { VENDORS } from '../../support/vendors.js';

let server: Server;
let url: string;
let status = 200;
let holdMs = 0;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.url} ${request.headers.authorization ?? ''}`);
    setTimeout(() => response.writeHead(status).end('{}'), holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('probeUpstreams', () => {
  it('asks the cheapest documented path with the configured credentials; a 4xx counts as an answer', async () => {
    seen.length = 0;
    status = 404;
    const provider = probeUpstreams([{ name: 'address', url, credentials: { key: 'ak_x' }, vendor: VENDORS.address }], {
      timeoutMs: 1_000,
      cacheMs: 0,
    });
    expect(await provider()).toEqual({ address: { ready: true } });
    expect(seen).toEqual(['/keys/ak_x IDEALPOSTCODES api_key="ak_x"']);
  });

  it('is not ready on a 5xx or no answer in time, saying which', async () => {
    status = 503;
    const provider = probeUpstreams([{ name: 'country-data', url, credentials: {}, vendor: VENDORS['country-data'] }], {
      timeoutMs: 1_000,
      cacheMs: 0,
    });
    expect(await provider()).toEqual({ 'country-data': { ready: false, reason: 'answered HTTP 503' } });
    status = 200;
    holdMs = 500;
    const impatient = probeUpstreams([{ name: 'country-data', url, credentials: {}, vendor: VENDORS['country-data'] }], {
      timeoutMs: 50,
      cacheMs: 0,
    });
    expect(await impatient()).toEqual({ 'country-data': { ready: false, reason: 'no answer within 50 ms' } });
    holdMs = 0;
  });

  it('runs one probe at a time per upstream and reuses its outcome within cacheMs', async () => {
    seen.length = 0;
    status = 200;
    holdMs = 100;
    let now = 0;
    const provider = probeUpstreams([{ name: 'blockchain-utility', url, credentials: {}, vendor: VENDORS['blockchain-utility'] }], {
      timeoutMs: 1_000,
      cacheMs: 5_000,
      now: () => now,
    });
    const answers = await Promise.all([provider(), provider(), provider()]);
    expect(answers.every((answer) => answer['blockchain-utility']?.ready)).toBe(true);
    expect(seen).toEqual(['/sigusd/price ']);
    now = 4_999;
    await provider();
    expect(seen).toHaveLength(1);
    now = 5_000;
    await provider();
    expect(seen).toHaveLength(2);
    holdMs = 0;
  });
});

/** A port nothing listens on: every connection to it is refused. */
async function refusingUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function readyz(requires: readonly UpstreamName[], draining = false): Promise<{ status: number; body: Record<string, unknown> }> {
  status = 200;
  const provider = probeUpstreams(
    [
      { name: 'country-data', url: await refusingUrl(), credentials: {}, vendor: VENDORS['country-data'] },
      { name: 'blockchain-utility', url, credentials: {}, vendor: VENDORS['blockchain-utility'] },
    ],
    { timeoutMs: 1_000, cacheMs: 0 },
  );
  const yoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }),
    plugins: [useReadiness({ provider, isDraining: () => draining, requires })],
  });
  const response = await yoga.fetch('http://gateway/readyz');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('useReadiness', () => {
  it('stays 200 with one vendor refusing every connection, naming it as degraded with the reason', async () => {
    const { status: code, body } = await readyz([]);
    expect(code).toBe(200);
    expect(body).toMatchObject({
      status: 'degraded',
      degraded: ['country-data'],
      upstreams: { 'country-data': { ready: false }, 'blockchain-utility': { ready: true } },
    });
    expect(JSON.stringify(body)).toMatch(/ECONNREFUSED/);
  });

  it('is 503 when READINESS_REQUIRES names the vendor that is down, and 200 when it names only ready ones', async () => {
    const required = await readyz(['country-data']);
    expect(required.status).toBe(503);
    expect(required.body).toMatchObject({ status: 'unready', unready: { 'country-data': { ready: false } } });
    expect(Object.keys(required.body.unready as object)).toEqual(['country-data']);
    expect((await readyz(['blockchain-utility'])).status).toBe(200);
  });

  it('is 503 while draining, whatever the vendors say', async () => {
    expect(await readyz([], true)).toEqual({ status: 503, body: { status: 'draining' } });
  });
});
