/**
 * The circuit breaker judged under load, as an operator meets it: 20 clients against a gateway
 * whose interface A answers 503 to half of its requests must still get A's data for most
 * operations (three attempts per call let about 1 − 0.5³ = 87.5% through), because the breaker
 * counts calls after their retries and opens on a failure rate, not on five failed attempts in a
 * row. With A fully down the breaker holds A to a probe per half-open interval, and D answers
 * every operation throughout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { createGateway } from '../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';
import { UpstreamTransport } from '../../src/gateway/upstream/upstream-transport.js';
import { DEFAULT_UPSTREAM_SETTINGS } from '../../src/gateway/upstream/upstream-settings.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { type FlakyProxy, startFlakyProxy } from '../support/flaky-proxy.js';
import { ROOT } from '../support/gateway.js';
import { VENDORS } from '../support/vendors.js';

const QUERY = '{ tokens(limit: 1) { symbol } countries(limit: 1) { nodes { names { common } } } }';
const CLIENTS = 20;
const HALF_OPEN_MS = 1000;

interface Answer {
  data?: { tokens?: { symbol: string }[] | null; countries?: { nodes: unknown[] } | null } | null;
  errors?: { extensions?: { code?: string; upstream?: string } }[];
}

let proxy: FlakyProxy;
let gateway: Server;
let base: string;
let transport: UpstreamTransport;
let destroyMesh: () => void;
let dataRoot: string;
const sandboxes: RunningSandbox[] = [];

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'gateway-breaker-'));
  const upstreams: ResolvedUpstream[] = [];
  for (const entry of SANDBOXES.filter(({ upstream }) => upstream === 'crypto-analytics' || upstream === 'country-data')) {
    const running = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: () => new Date() }));
    sandboxes.push(running);
    let url = running.url;
    if (entry.upstream === 'crypto-analytics') {
      proxy = await startFlakyProxy(running.url, 20_261_125);
      url = proxy.url;
    }
    upstreams.push({ name: entry.upstream, url, credentials: entry.credentials, vendor: VENDORS[entry.upstream] });
  }
  const { schema, destroy } = await buildGatewaySchema(ROOT);
  destroyMesh = destroy;
  // The production defaults of every breaker and retry setting, but a short half-open interval.
  transport = new UpstreamTransport({ timeoutMs: 10_000, breakerHalfOpenAfterMs: HALF_OPEN_MS });
  gateway = createServer(createGateway({ schema, upstreams, upstreamTimeoutMs: 10_000, cacheTtlMs: 0, transport }));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await transport.close();
  await proxy.close();
  destroyMesh();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

async function ask(): Promise<Answer> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: QUERY }),
  });
  return (await response.json()) as Answer;
}

/** `CLIENTS` clients asking in a loop for `ms`, or until `done`; every answer, in order of arrival. */
async function load(ms: number, done: () => boolean = () => false): Promise<Answer[]> {
  const until = Date.now() + ms;
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until && !done()) answers.push(await ask());
    }),
  );
  return answers;
}

const withA = (answer: Answer): boolean => answer.data?.tokens?.length === 1;
const withD = (answer: Answer): boolean => answer.data?.countries?.nodes.length === 1;

describe('the breaker under load', () => {
  it('keeps a half-working upstream in service: ≥ 85% of operations get its data over 30 s', { timeout: 60_000 }, async () => {
    proxy.failureShare = 0.5;
    const answers = await load(30_000);
    const codes = answers.flatMap((answer) => answer.errors?.map((error) => error.extensions?.code) ?? []);
    expect(answers.length).toBeGreaterThan(200);
    expect(answers.filter(withA).length / answers.length).toBeGreaterThanOrEqual(0.85);
    expect(answers.every(withD)).toBe(true);
    // What fails is a call whose three attempts all failed, never a call the breaker refused.
    expect(codes.filter((code) => code === 'UPSTREAM_CIRCUIT_OPEN')).toEqual([]);
    expect(transport.breakerStates()['crypto-analytics']).toBe('closed');
  });

  it('holds a dead upstream to a probe per half-open interval while the other interface answers', { timeout: 45_000 }, async () => {
    proxy.failureShare = 1;
    // The failures must outweigh the successes the 10 s window still holds before it opens.
    const opening = await load(
      DEFAULT_UPSTREAM_SETTINGS.breakerWindowMs + 2000,
      () => transport.breakerStates()['crypto-analytics'] !== 'closed',
    );
    expect(transport.breakerStates()['crypto-analytics']).not.toBe('closed');
    expect(opening.every(withD)).toBe(true);
    const before = proxy.seen.length;
    const intervals = 5;
    const answers = await load(intervals * HALF_OPEN_MS);
    const reached = proxy.seen.length - before;
    // One probe call per interval, each of at most three attempts (one more interval for the edges).
    expect(reached).toBeLessThanOrEqual((intervals + 1) * 3);
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.every(withD)).toBe(true);
    expect(
      answers.filter((answer) => answer.errors?.some((error) => error.extensions?.code === 'UPSTREAM_CIRCUIT_OPEN')).length,
    ).toBeGreaterThan(answers.length * 0.9);
    proxy.failureShare = 0;
    await new Promise((resolve) => setTimeout(resolve, HALF_OPEN_MS + 100));
    expect(withA(await ask())).toBe(true);
    expect(transport.breakerStates()['crypto-analytics']).toBe('closed');
  });
});
