/**
 * Two gateway processes on one real Redis: an answer one fetched is served by the other without a
 * second upstream request, a query registered by APQ on one replays on the other, no credential
 * reaches Redis in clear, and a Redis outage costs caching, never an answer.
 */
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_DEMO_KEY } from '../../../src/gateway/interfaces/country-data/interface.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../support/redis-server.js';

/** Generous bound for two full starts at once on a busy two-core machine. */
const START_TIMEOUT_MS = 180_000;

const redisHere = hasRedisServer();

let redis: RedisServer;
let countryData: RunningSandbox;
const gateways: GatewayProcess[] = [];
const urls: string[] = [];

beforeAll(async () => {
  if (!redisHere) return;
  redis = await startRedisServer();
  const entry = SANDBOXES.find((candidate) => candidate.upstream === 'country-data');
  if (!entry) throw new Error('no country-data sandbox');
  countryData = await startSandbox(entry.create());
  for (let replica = 0; replica < 2; replica += 1)
    gateways.push(spawnGateway({ PORT: '0', COUNTRY_API_URL: countryData.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'test:' }));
  for (const gateway of gateways) urls.push(String((await gateway.logLine('gateway ready')).url));
}, START_TIMEOUT_MS);

afterAll(async () => {
  for (const gateway of gateways) {
    gateway.child.kill('SIGTERM');
    await gateway.exited;
  }
  await countryData?.close();
  await redis?.stop();
});

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
}

async function post(url: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const lookups = (): number => countryData.requests.filter((request) => request.operationId === 'countriesByCode').length;

describe.skipIf(!redisHere)('two replicas on one Redis', () => {
  it('answer the same query with one upstream request between them', async () => {
    const query = '{ country(code: "FR") { names { common } } }';
    const before = lookups();
    expect(await post(urls[0] ?? '', { query })).toMatchObject({
      status: 200,
      body: { data: { country: { names: { common: 'France' } } } },
    });
    expect(await post(urls[1] ?? '', { query })).toMatchObject({
      status: 200,
      body: { data: { country: { names: { common: 'France' } } } },
    });
    expect(lookups() - before).toBe(1);
  });

  it('replay on one replica a query registered by APQ on the other', async () => {
    const query = '{ country(code: "JP") { names { common } } }';
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    expect((await post(urls[1] ?? '', { extensions: { persistedQuery } })).body.errors?.[0]?.extensions?.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
    expect((await post(urls[0] ?? '', { query, extensions: { persistedQuery } })).status).toBe(200);
    expect(await post(urls[1] ?? '', { extensions: { persistedQuery } })).toMatchObject({
      body: { data: { country: { names: { common: 'Japan' } } } },
    });
  });

  it('keep no credential in clear in Redis', async () => {
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith('test:'))).toBe(true);
      const values = await Promise.all(keys.map((key) => client.get(key)));
      expect([...keys, ...values].some((text) => text?.includes(COUNTRY_DEMO_KEY))).toBe(false);
    } finally {
      client.disconnect();
    }
  });

  it('keep answering while Redis is down, and share again once it is back', async () => {
    await redis.stop();
    const down = await post(urls[0] ?? '', { query: '{ country(code: "DE") { names { common } } }' });
    expect(down).toMatchObject({ status: 200, body: { data: { country: { names: { common: 'Germany' } } } } });
    expect(down.body.errors).toBeUndefined();
    // Both, before Redis is back: a replica whose reconnection had not failed yet would see no outage, and log no end of one.
    await Promise.all(gateways.map((gateway) => gateway.logLine('redis unreachable')));
    await redis.start();
    await Promise.all(gateways.map((gateway) => gateway.logLine('redis reachable again')));
    const query = '{ country(code: "IT") { names { common } } }';
    const before = lookups();
    await post(urls[0] ?? '', { query });
    expect(await post(urls[1] ?? '', { query })).toMatchObject({ body: { data: { country: { names: { common: 'Italy' } } } } });
    expect(lookups() - before).toBe(1);
  }, 30_000);
});
