/**
 * The whole-operation cache in the gateway itself, on both drivers (Yoga's path under `yoga.fetch`,
 * the fast path under node:http), against the real sandboxes with the upstream response cache off
 * (CACHE_TTL_SECONDS=0), so a request that reaches no vendor was answered from the operation cache.
 * The cache is `GatewayOptions.operationCache: { maxBytes }` (OPERATION_CACHE_MAX_BYTES).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { RedisStore } from '../../../src/gateway/cache/redis-store.js';
import { keptBody } from '../../../src/gateway/http/operation-answers.js';
import type { SharedStore } from '../../../src/gateway/cache/shared-store.js';
import { silentLogger } from '../../../src/gateway/logger.js';
import { createGatewayServer, type GatewayOptions, type GatewayServer } from '../../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../../src/gateway/upstream/upstream-fetch.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { ROOT } from '../../support/gateway.js';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { VENDORS } from '../../support/vendors.js';

/** The gateway's options with its answer cache. */
type CachingGatewayOptions = GatewayOptions & { operationCache?: { maxBytes: number } };

const COUNTRY = '{ country(code: "NO") { names { common } } }';
let sandboxes: RunningSandbox[] = [];
let upstreams: ResolvedUpstream[] = [];
let dataRoot: string;
let base: Omit<CachingGatewayOptions, 'sharedStore'>;
let destroy: () => void;
let gateway: GatewayServer;
let server: Server;
let url: string;

const countryData = (): RunningSandbox =>
  sandboxes[SANDBOXES.findIndex((entry) => entry.upstream === 'country-data')] ?? expect.fail('no D');
const dCalls = (): number => countryData().requests.length;

function start(sharedStore?: SharedStore): GatewayServer {
  const options: CachingGatewayOptions = { ...base, ...(sharedStore ? { sharedStore } : {}) };
  return createGatewayServer(options);
}

async function post(yoga: GatewayServer['yoga'], query: string, headers: Record<string, string> = {}): Promise<Response> {
  return yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query }),
  });
}

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'operation-cache-'));
  sandboxes = await Promise.all(SANDBOXES.map((entry) => startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream) }))));
  upstreams = SANDBOXES.map((entry, index) => ({
    name: entry.upstream,
    url: sandboxes[index]?.url ?? '',
    credentials: entry.credentials,
    vendor: VENDORS[entry.upstream],
  }));
  const built = await buildGatewaySchema(ROOT, {});
  destroy = built.destroy;
  base = {
    schema: built.schema,
    upstreams,
    upstreamTimeoutMs: 5_000,
    cacheTtlMs: 0,
    metrics: false,
    operationCache: { maxBytes: 1_000_000 },
  };
  gateway = start();
  server = createServer(gateway.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  destroy();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

beforeEach(() => {
  for (const sandbox of sandboxes) sandbox.requests.length = 0;
});

describe("Yoga's path", () => {
  it('answers a repeated operation without the vendor, its cost saying so, for the lifetime D set', async () => {
    const first = await post(gateway.yoga, COUNTRY);
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    await first.text();
    const second = await post(gateway.yoga, COUNTRY);
    const body = (await second.json()) as { extensions?: { cost?: { answeredFromCache?: boolean } } };
    expect(dCalls()).toBe(1);
    expect(body.extensions?.cost?.answeredFromCache).toBe(true);
  });

  it('takes the shortest lifetime of the parts: the rates (an hour) under the country (a day)', async () => {
    const response = await post(gateway.yoga, '{ country(code: "SE") { names { common } exchangeRates { base } } }');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('never keeps the visitor, nor an answer with an error, and keeps a client key apart', async () => {
    const round = async (): Promise<void> => {
      await (await post(gateway.yoga, '{ visitor { located } }', { 'x-forwarded-for': '8.8.8.8' })).text();
      await (await post(gateway.yoga, COUNTRY, { 'x-country-api-key': 'rc_live_not_a_key' })).text();
    };
    await round();
    const once = dCalls();
    expect(once).toBeGreaterThan(1);
    await round();
    expect(dCalls()).toBe(once * 2);
    const keyed = await post(gateway.yoga, '{ country(code: "FI") { uuid } }', { 'x-country-api-key': 'rc_live_demo' });
    expect(keyed.headers.get('cache-control')).toBe('private, max-age=86400');
  });
});

describe('the fast path (node:http)', () => {
  it('answers a repeated POST from the cache, the same bytes but for its cost', async () => {
    const query = JSON.stringify({ query: '{ country(code: "EE") { names { common } } }' });
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: query,
    };
    const first = await fetch(url, init);
    const firstText = await first.text();
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const second = await fetch(url, init);
    const hit = (await second.json()) as { extensions?: { cost?: { answeredFromCache?: boolean } } };
    expect(dCalls()).toBe(1);
    expect(hit.extensions?.cost?.answeredFromCache).toBe(true);
    expect(keptBody(hit as never)).toBe(keptBody(JSON.parse(firstText) as never));
  });

  it('answers a GET with Cache-Control and an ETag, then a 304 to If-None-Match without calling D', async () => {
    const target = `${url}?query=${encodeURIComponent('{ country(code: "DK") { names { common } } }')}`;
    const first = await fetch(target, { headers: { accept: 'application/graphql-response+json' } });
    await first.text();
    const etag = first.headers.get('etag') ?? expect.fail('no ETag');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const second = await fetch(target, { headers: { accept: 'application/graphql-response+json', 'if-none-match': etag } });
    expect(second.status).toBe(304);
    const third = await fetch(target, { headers: { accept: 'application/graphql-response+json' } });
    expect(((await third.json()) as { extensions?: { cost?: { answeredFromCache?: boolean } } }).extensions?.cost?.answeredFromCache).toBe(
      true,
    );
    expect(dCalls()).toBe(1);
  });
});

describe.skipIf(!hasRedisServer())('two replicas on one redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('share a hit', async () => {
    const stores = [0, 1].map(() => new RedisStore({ url: redis.url, keyPrefix: 'gateway-opcache:', logger: silentLogger }));
    const [one, two] = stores.map((store) => start(store));
    try {
      await (await post(one?.yoga ?? expect.fail('no replica'), '{ country(code: "IS") { names { common } } }')).text();
      await (await post(two?.yoga ?? expect.fail('no replica'), '{ country(code: "IS") { names { common } } }')).text();
      expect(dCalls()).toBe(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
