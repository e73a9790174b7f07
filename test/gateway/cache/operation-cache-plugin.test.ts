/**
 * The whole-operation cache on Yoga's path (http/use-operation-cache.ts), in front of a recording
 * toy vendor (test/support/operation-cache-harness.ts): what is kept, for how long, for whom, what
 * the HTTP answer says, and that a kept answer is the answer executed afresh.
 */
import fc from 'fast-check';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedisStore } from '../../../src/gateway/cache/redis-store.js';
import { keptBody } from '../../../src/gateway/http/operation-answers.js';
import { silentLogger } from '../../../src/gateway/logger.js';
import { operationLabel } from '../../../src/gateway/ops/metrics.js';
import { OperationCacheMetrics } from '../../../src/gateway/ops/operation-cache-metrics.js';
import { CALLER_HEADER, type Harness, startHarness, TOY_KEY_HEADER, ToyVendor } from '../../support/operation-cache-harness.js';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../support/redis-server.js';

const START = Date.parse('2026-03-01T12:00:00Z');
let now = START;
const clock = (): number => now;
const vendor = new ToyVendor();
let gateway: Harness;

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
  extensions?: Record<string, unknown>;
}

async function ask(
  query: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string; json: Answer }> {
  const response = await gateway.post(query, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Answer };
}

beforeAll(async () => {
  await vendor.start();
});

afterAll(async () => {
  await vendor.close();
});

beforeEach(() => {
  now = START;
  vendor.reset();
  vendor.headers.clear();
  gateway = startHarness({ vendor, now: clock });
});

afterEach(async () => {
  await gateway.close();
});

describe('a repeated operation', () => {
  it('reaches no vendor the second time, says so in extensions.cost, and answers the same bytes', async () => {
    vendor.headers.set('a', { 'cache-control': 'max-age=60' });
    const first = await ask('{ item(name: "a") { name value } }');
    const second = await ask('{ item(name: "a") { name value } }');
    expect(vendor.paths()).toEqual(['/a']);
    expect(first.json.extensions?.['cost']).toBeUndefined();
    expect(second.json.extensions?.['cost']).toEqual({ calls: {}, paidLookups: 0, cacheHits: {}, answeredFromCache: true });
    expect(keptBody(second.json as never)).toBe(first.text);
  });

  it('shares one entry between texts of the same document and variables in any order', async () => {
    vendor.headers.set('v', { 'cache-control': 'max-age=60' });
    const query = 'query Pair($a: String!, $b: String!) { x: item(name: $a) { value } y: item(name: $b) { value } }';
    await gateway.post(query, { variables: { a: 'v', b: 'v' } });
    await gateway.post(query, { variables: { b: 'v', a: 'v' } });
    expect(vendor.paths()).toEqual(['/v']);
  });
});

describe('the lifetime of an answer', () => {
  it('is the shortest of its parts: max-age less Age, Expires from Date', async () => {
    vendor.headers.set('long', { 'cache-control': 'max-age=60' });
    vendor.headers.set('aged', { 'cache-control': 'max-age=30', age: '10' });
    vendor.headers.set('expiring', { date: new Date(START).toUTCString(), expires: new Date(START + 25_000).toUTCString() });
    const query = '{ items(names: ["long", "aged", "expiring"]) { value } }';
    const first = await ask(query);
    expect(first.headers.get('cache-control')).toBe('public, max-age=20');
    now = START + 19_000;
    const hit = await ask(query);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=1');
    expect(vendor.paths()).toHaveLength(3);
    now = START + 20_000;
    await ask(query);
    expect(vendor.paths()).toHaveLength(6);
  });

  it('is nothing when one part says no-store, and stays with the caller when one says private', async () => {
    vendor.headers.set('long', { 'cache-control': 'max-age=60' });
    vendor.headers.set('nostore', { 'cache-control': 'no-store' });
    vendor.headers.set('mine', { 'cache-control': 'private, max-age=30' });
    const stored = await ask('{ items(names: ["long", "nostore"]) { value } }');
    expect(stored.headers.get('cache-control')).toBe('no-store');
    const personal = await ask('{ items(names: ["long", "mine"]) { value } }');
    expect(personal.headers.get('cache-control')).toBe('private, max-age=30');
    vendor.reset();
    await ask('{ items(names: ["long", "nostore"]) { value } }');
    await ask('{ items(names: ["long", "mine"]) { value } }');
    expect(vendor.paths()).toHaveLength(4);
  });

  it("is the interface's declared lifetime where the vendor states none, and what a cached part has left", async () => {
    // A slowly changing path without headers: CACHE_TTL_SECONDS (60 s here) stands in; any other path is not kept.
    expect((await ask('{ item(name: "slow-x") { value } }')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await ask('{ item(name: "plain") { value } }')).headers.get('cache-control')).toBe('no-store');
    now = START + 40_000;
    // Another operation built on the cached part: it has 20 s left, so has the answer.
    const later = await ask('{ again: item(name: "slow-x") { name } }');
    expect(later.headers.get('cache-control')).toBe('public, max-age=20');
    expect(vendor.paths()).toEqual(['/slow-x', '/plain']);
  });
});

describe('who shares an answer', () => {
  it('never across client keys, callers or scopes; anonymous callers share, and shaped answers are private', async () => {
    vendor.headers.set('s', { 'cache-control': 'max-age=60' });
    const query = '{ item(name: "s") { value } }';
    const views: Record<string, string>[] = [
      {},
      { [TOY_KEY_HEADER]: 'key-one' },
      { [TOY_KEY_HEADER]: 'key-two' },
      { [CALLER_HEADER]: 'alice:read' },
      { [CALLER_HEADER]: 'alice:read,write' },
      { [CALLER_HEADER]: 'bob:read' },
    ];
    const controls: (string | null)[] = [];
    for (const headers of views) controls.push((await ask(query, headers)).headers.get('cache-control'));
    expect(vendor.paths()).toHaveLength(views.length);
    for (const headers of views) await ask(query, headers);
    await ask(query, { 'user-agent': 'another browser' });
    expect(vendor.paths()).toHaveLength(views.length);
    expect(controls).toEqual(['public, max-age=60', ...views.slice(1).map(() => 'private, max-age=60')]);
    expect((await ask(query, { [TOY_KEY_HEADER]: 'key-two' })).json.data).toEqual({ item: { value: 701 } });
  });

  it('keeps an @authenticated field per caller', async () => {
    vendor.headers.set('mine', { 'cache-control': 'max-age=60' });
    await ask('{ mine { value } }', { [CALLER_HEADER]: 'alice' });
    await ask('{ mine { value } }', { [CALLER_HEADER]: 'alice' });
    await ask('{ mine { value } }', { [CALLER_HEADER]: 'bob' });
    expect(vendor.paths()).toEqual(['/mine', '/mine']);
  });
});

describe('what is never kept', () => {
  it.each([
    ['a mutation', 'mutation { touch(name: "t") { value } }'],
    ['a personal field', '{ me { value } item(name: "t") { value } }'],
    ['a field that needs a scope', '{ secret { value } }'],
    ['an answer with an error', '{ broken { value } item(name: "t") { value } }'],
    ['a deferred answer', '{ item(name: "t") { value } ... @defer { other: item(name: "t") { name } } }'],
  ])('%s', async (_name, query) => {
    for (const name of ['t', 'me', 'secret']) vendor.headers.set(name, { 'cache-control': 'max-age=60' });
    const first = await gateway.post(query, { headers: { accept: 'multipart/mixed, application/graphql-response+json' } });
    await first.text();
    const calls = vendor.paths().length;
    expect(calls).toBeGreaterThan(0);
    await (await gateway.post(query, { headers: { accept: 'multipart/mixed, application/graphql-response+json' } })).text();
    expect(vendor.paths()).toHaveLength(calls * 2);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(gateway.cache.heldBytes().size).toBe(0);
  });

  it('a live answer (a subscription)', async () => {
    const response = await gateway.post('subscription { ticks }', { headers: { accept: 'text/event-stream' } });
    expect(await response.text()).toContain('"ticks":1');
    expect(gateway.cache.heldBytes().size).toBe(0);
  });
});

describe('HTTP caching', () => {
  it('answers a GET with Cache-Control and a strong ETag, and 304 to If-None-Match without calling the vendor', async () => {
    vendor.headers.set('g', { 'cache-control': 'max-age=120' });
    const first = await gateway.get('{ item(name: "g") { value } }');
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=120');
    expect(first.headers.get('vary')).toContain(TOY_KEY_HEADER);
    expect(etag).toMatch(/^"[\w-]+"$/);
    await first.text();
    const second = await gateway.get('{ item(name: "g") { value } }', { 'if-none-match': etag ?? '' });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(second.headers.get('etag')).toBe(etag);
    expect(vendor.paths()).toEqual(['/g']);
    const changed = await gateway.get('{ item(name: "g") { value } }', { 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('says no-store on a POST that may not be kept, and the lifetime on one that may', async () => {
    vendor.headers.set('p', { 'cache-control': 'max-age=60' });
    expect((await ask('mutation { touch(name: "p") { value } }')).headers.get('cache-control')).toBe('no-store');
    expect((await ask('{ item(name: "p") { value } }')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await ask('{ nope }')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('metrics', () => {
  it('counts hits, misses and evictions per operation, and the bytes held', async () => {
    await gateway.close();
    const registry = new Registry();
    const metrics = new OperationCacheMetrics(registry, operationLabel);
    gateway = startHarness({ vendor, now: clock, maxBytes: 120, observer: metrics });
    metrics.watch(gateway.cache);
    for (const name of ['m1', 'm2', 'm3']) vendor.headers.set(name, { 'cache-control': 'max-age=60' });
    await ask('query One { item(name: "m1") { name value } }');
    await ask('query One { item(name: "m1") { name value } }');
    await ask('query Two { item(name: "m2") { name value } }');
    await ask('query Three { item(name: "m3") { name value } }');
    const text = await registry.metrics();
    expect(text).toContain('gateway_operation_cache_lookups_total{operation="One",result="hit"} 1');
    expect(text).toContain('gateway_operation_cache_lookups_total{operation="One",result="miss"} 1');
    expect(text).toMatch(/gateway_operation_cache_evictions_total\{operation="One"\} 1/);
    expect(text).toMatch(/gateway_operation_cache_bytes\{operation="Three"\} \d+/);
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

  it('share a hit: the second replica answers from what the first kept', async () => {
    const stores = [0, 1].map(() => new RedisStore({ url: redis.url, keyPrefix: 'opcache-test:', logger: silentLogger }));
    const [one, two] = stores.map((shared) => startHarness({ vendor, now: clock, shared }));
    try {
      vendor.headers.set('r', { 'cache-control': 'max-age=60' });
      const query = '{ item(name: "r") { value } }';
      await (await one?.post(query))?.text();
      const answer = (await (await two?.post(query))?.json()) as Answer;
      expect(vendor.paths()).toEqual(['/r']);
      expect(answer.extensions?.['cost']).toMatchObject({ answeredFromCache: true });
      expect(answer.data).toEqual({ item: { value: 1 } });
    } finally {
      await Promise.all([one?.close(), two?.close(), ...stores.map((store) => store.close())]);
    }
  });
});

describe('property: a kept answer is the answer executed afresh', () => {
  it('holds over random operations and credentials at one upstream state', async () => {
    const fresh = startHarness({ vendor, now: clock, withoutCache: true });
    const names = ['k1', 'k2', 'k3', 'slow-k4', 'k5'];
    vendor.headers.set('k1', { 'cache-control': 'max-age=60' });
    vendor.headers.set('k2', { 'cache-control': 'max-age=30', age: '5' });
    vendor.headers.set('k3', { 'cache-control': 'private, max-age=30' });
    vendor.headers.set('k5', { 'cache-control': 'no-store' });
    const selection = fc.record({
      alias: fc.constantFrom('a', 'b', 'c'),
      name: fc.constantFrom(...names),
      fields: fc.subarray(['name', 'value'], { minLength: 1 }),
    });
    const operation = fc.uniqueArray(selection, { minLength: 1, maxLength: 3, selector: (field) => field.alias });
    const view = fc.record({
      key: fc.constantFrom(undefined, 'key-one', 'key-two'),
      caller: fc.constantFrom(undefined, 'alice:read', 'bob'),
    });
    try {
      await fc.assert(
        fc.asyncProperty(operation, view, async (fields, { key, caller }) => {
          const query = `{ ${fields.map(({ alias, name, fields: picked }) => `${alias}: item(name: "${name}") { ${picked.join(' ')} }`).join(' ')} }`;
          const headers = { ...(key ? { [TOY_KEY_HEADER]: key } : {}), ...(caller ? { [CALLER_HEADER]: caller } : {}) };
          await ask(query, headers);
          const cached = await ask(query, headers);
          const afresh = await (await fresh.post(query, { headers })).text();
          expect(keptBody(cached.json as never)).toBe(afresh);
        }),
        { numRuns: 60, seed: 35 },
      );
    } finally {
      await fresh.close();
    }
  });
});
