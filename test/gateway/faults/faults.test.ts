/**
 * The gateway against misbehaving upstreams: a fault proxy sits in front of the real
 * blockchain-utility sandbox (B) while country-data (D) stays healthy. Every query asks both, so
 * each scenario shows D still answering (partial data), the failure bounded by the deadline and
 * reported with a catalogued code, and the process free of unhandled rejections.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { createLogger } from '../../../src/gateway/logger.js';
import { createGateway } from '../../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../../src/gateway/upstream/upstream-fetch.js';
import { UpstreamTransport } from '../../../src/gateway/upstream/upstream-transport.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { type FaultProxy, startFaultProxy } from './fault-proxy.js';
import { VENDORS } from '../../support/vendors.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TIMEOUT_MS = 2000;
const QUERY = '{ countries(limit: 2) { nodes { names { common } } } stablecoinState { reserveRatio } }';

interface Answer {
  data?: { countries?: { nodes: { names: { common: string } }[] } | null; stablecoinState?: { reserveRatio: string } | null } | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

let proxy: FaultProxy;
let gateway: Server;
let base: string;
let transport: UpstreamTransport;
let destroyMesh: () => void;
let dataRoot: string;
const sandboxes: RunningSandbox[] = [];
const logLines: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  dataRoot = mkdtempSync(join(tmpdir(), 'gateway-faults-'));
  const upstreams: ResolvedUpstream[] = [];
  for (const entry of SANDBOXES.filter(({ upstream }) => upstream === 'country-data' || upstream === 'blockchain-utility')) {
    const running = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: () => new Date() }));
    sandboxes.push(running);
    if (entry.upstream === 'blockchain-utility') proxy = await startFaultProxy(running.url);
    const url = entry.upstream === 'blockchain-utility' ? `${proxy.url}${new URL(running.url).pathname.replace(/\/$/, '')}` : running.url;
    upstreams.push({ name: entry.upstream, url, credentials: entry.credentials, vendor: VENDORS[entry.upstream] });
  }
  const { schema, destroy } = await buildGatewaySchema(ROOT);
  destroyMesh = destroy;
  transport = new UpstreamTransport({
    timeoutMs: TIMEOUT_MS,
    breakerMinCalls: 5,
    breakerHalfOpenAfterMs: 1000,
    logger: createLogger('warn', { write: (line) => logLines.push(line) }),
  });
  gateway = createServer(createGateway({ schema, upstreams, upstreamTimeoutMs: TIMEOUT_MS, cacheTtlMs: 0, transport }));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  gateway.closeAllConnections();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await transport.close();
  await proxy.close();
  destroyMesh();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  await proxy.setMode('pass');
  // Let a breaker a previous scenario opened close again before the next one starts.
  await waitFor(async () => (await ask()).data?.stablecoinState != null, 5000);
  logLines.length = 0;
});

async function ask(): Promise<Answer & { ms: number }> {
  const started = Date.now();
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: QUERY }),
  });
  const answer = (await response.json()) as Answer;
  return { ...answer, ms: Date.now() - started };
}

async function waitFor(condition: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

function expectHealthyPart(answer: Answer): void {
  expect(answer.data?.countries?.nodes).toHaveLength(2);
}

function codeOf(answer: Answer): unknown {
  return answer.errors?.[0]?.extensions?.code;
}

describe('faults in one upstream', () => {
  it('waits out one 429 with Retry-After: 1 on a GET, and the query succeeds', async () => {
    await proxy.setMode('429');
    const answer = await ask();
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.stablecoinState?.reserveRatio).toBeDefined();
    expect(answer.ms).toBeGreaterThanOrEqual(900);
    expect(proxy.requests).toBe(2);
  });

  it.each([
    ['5xx', 'UPSTREAM_ERROR'],
    ['reset-mid-body', 'UPSTREAM_UNAVAILABLE'],
    ['malformed', 'UPSTREAM_ERROR'],
    ['slow-body', 'UPSTREAM_TIMEOUT'],
    ['drop', 'UPSTREAM_UNAVAILABLE'],
  ] as const)('%s: the healthy upstream still answers, the failure is catalogued and bounded', async (mode, code) => {
    await proxy.setMode(mode);
    const answer = await ask();
    expectHealthyPart(answer);
    expect(answer.data?.stablecoinState ?? null).toBeNull();
    expect(answer.errors?.length).toBeGreaterThan(0);
    if (code) expect(codeOf(answer)).toBe(code);
    expect(answer.ms).toBeLessThan(TIMEOUT_MS + 3000);
  });

  it('latency: slow but within the deadline still answers in full', async () => {
    await proxy.setMode('latency');
    const answer = await ask();
    expect(answer.errors).toBeUndefined();
    expectHealthyPart(answer);
  });

  it('fails a 50 MB body within the deadline while /healthz answers at once', async () => {
    await proxy.setMode('oversized');
    const pending = ask();
    const health = Date.now();
    const healthz = await fetch(`${base}/healthz`);
    expect(healthz.status).toBe(200);
    expect(Date.now() - health).toBeLessThan(1000);
    const answer = await pending;
    expectHealthyPart(answer);
    expect(codeOf(answer)).toBe('UPSTREAM_RESPONSE_TOO_LARGE');
    expect(answer.ms).toBeLessThan(TIMEOUT_MS + 3000);
  });

  it('refusing every connection: few requests reach it from 150 queries, and it recovers within seconds', async () => {
    await proxy.setMode('refuse');
    const answers: Answer[] = [];
    for (let round = 0; round < 15; round += 1) answers.push(...(await Promise.all(Array.from({ length: 10 }, ask))));
    for (const answer of answers) expectHealthyPart(answer);
    expect(answers.filter((answer) => codeOf(answer) === 'UPSTREAM_CIRCUIT_OPEN').length).toBeGreaterThan(100);
    expect(transport.breakerStates()['blockchain-utility']).not.toBe('closed');
    // A refused connection leaves no trace at the proxy, so count the calls that reached the
    // network: each logs one warning and makes at most UPSTREAM_MAX_ATTEMPTS (3) connection
    // attempts; calls the open circuit stops are not logged.
    const callsThatTried = logLines.filter((line) => line.includes('"upstream":"blockchain-utility"')).length;
    expect(callsThatTried * 3).toBeLessThan(45);
    await proxy.setMode('pass');
    const recovery = await waitFor(async () => (await ask()).data?.stablecoinState != null, 5000);
    expect(recovery).toBeLessThan(5000);
    expect(transport.breakerStates()['blockchain-utility']).toBe('closed');
  });

  it('under load with the upstream failing half the time, healthy fields never fail', async () => {
    await proxy.setMode('5xx', { everyOther: true });
    const until = Date.now() + 8000;
    const failuresOfHealthy: Answer[] = [];
    let queries = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          const answer = await ask();
          queries += 1;
          if (answer.data?.countries?.nodes.length !== 2) failuresOfHealthy.push(answer);
        }
      }),
    );
    expect(queries).toBeGreaterThan(20);
    expect(failuresOfHealthy).toEqual([]);
  });

  it('left no unhandled rejection behind', () => {
    expect(unhandled).toEqual([]);
  });
});
