/**
 * The callers' limits shared by replicas through a real redis-server: two gateway-like processes
 * (limit-server.ts) count one caller's requests against one limit; with Redis stopped each counts
 * on its own, nothing fails, and each logs the outage once. Fresh replicas' first requests count
 * in Redis too. The daily quota is shared the same way, and resets with the injected clock's UTC day.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCallerLimits } from '../../../src/gateway/callers/caller-limits.js';
import type { Caller } from '../../../src/gateway/callers/caller.js';
import { createCounterStore, type CounterStore } from '../../../src/gateway/callers/counter-store.js';
import { CallerQuota } from '../../../src/gateway/callers/quota.js';
import { upstreamCharges } from '../../../src/gateway/callers/upstream-charges.js';
import { silentLogger } from '../../../src/gateway/logger.js';
import { ROOT } from '../../support/gateway.js';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { quotaDeclarations } from '../../../src/gateway/config.js';
import { addressInterface } from '../../../src/gateway/interfaces/address/interface.js';
import { INTERFACES } from '../../../src/gateway/interfaces/registry.js';

const TSX = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;
const SCRIPT = join(ROOT, 'test/gateway/callers/limit-server.ts');

interface Replica {
  child: ChildProcess;
  port: number;
  /** Everything the process has logged so far. */
  logged(): string;
}

async function startReplica(redisUrl: string): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', TSX, SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '10' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`limit-server exited (${code}):\n${log}`)));
  });
  return { child, port, logged: () => log };
}

async function ask(replica: Replica, caller: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${replica.port}/graphql?query=%7Bping%7D`, {
    headers: { 'x-caller': caller, accept: 'application/json' },
  });
}

/** Sends `count` requests alternating between the replicas; the statuses in order. */
async function alternate(replicas: readonly Replica[], caller: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let request = 0; request < count; request += 1) {
    const response = await ask(replicas[request % replicas.length] as Replica, caller);
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

const warnings = (replica: Replica) =>
  replica
    .logged()
    .split('\n')
    .filter((line) => line.includes('redis unreachable')).length;

describe.skipIf(!hasRedisServer())('caller limits on one Redis', () => {
  let redis: RedisServer;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    replicas = await Promise.all([startReplica(redis.url), startReplica(redis.url)]);
  });

  afterAll(async () => {
    for (const replica of replicas) replica.child.kill('SIGTERM');
    await redis?.stop();
  });

  it('lets a caller limited to 10 a minute through exactly 10 times across two processes, then answers 429 with Retry-After', async () => {
    expect(await alternate(replicas, 'key:shared', 10)).toEqual(Array(10).fill(200));
    for (const replica of replicas) {
      const refused = await ask(replica, 'key:shared');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
      expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('RATE_LIMITED');
    }
    const other = await ask(replicas[1] as Replica, 'key:other');
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toMatch(/^"default";r=9;t=\d+$/);
  });

  it('falls back to a limit per process while Redis is down: nothing fails, and each process warns once', async () => {
    await redis.stop();
    // Long enough for ioredis to notice and retry a few times.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const replica of replicas) {
      expect(await alternate([replica], 'key:outage', 11)).toEqual([...Array(10).fill(200), 429]);
    }
    for (const replica of replicas) {
      expect(replica.child.exitCode).toBeNull();
      expect(warnings(replica)).toBe(1);
    }
    await redis.start();
  });
});

describe.skipIf(!hasRedisServer())('counter stores of two replicas on one Redis', () => {
  let redis: RedisServer;
  const stores: CounterStore[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.stop();
  });

  it("counts two fresh replicas' first requests in Redis, whatever the order they arrive in", async () => {
    for (const order of [
      [0, 1, 0],
      [1, 1, 0],
      [0, 0, 1],
    ]) {
      const replicas = [0, 1].map(() => {
        const store = createCounterStore({ redisUrl: redis.url, keyPrefix: `fresh-${order.join('')}:`, logger: silentLogger });
        stores.push(store);
        return store;
      });
      const consume = async (replica: number): Promise<boolean> => {
        const counter = await (replicas[replica] as CounterStore).counter('rate', 2, 60);
        return (await counter.take('key:caller', 1)).consumed <= 2;
      };
      // Asked at once, before either replica's connection can have become ready: without the wait
      // for the first connection, each would count in its memory and let a third request through.
      const [first, second] = await Promise.all([consume(order[0] ?? 0), consume(order[1] ?? 0)]);
      expect([first, second]).toEqual([true, true]);
      expect(await consume(order[2] ?? 0)).toBe(false);
    }
  });

  it("refuses a caller's 6th paid C lookup of the day before any upstream call, across replicas, and lets it through the next UTC day", async () => {
    let now = new Date('2031-07-20T22:30:00Z');
    const settings = readCallerLimits({ DAILY_QUOTA_ADDRESS: '5' }, quotaDeclarations(INTERFACES));
    const replicaQuotas = [0, 1].map(() => {
      const store = createCounterStore({ redisUrl: redis.url, keyPrefix: 'quota-test:', logger: silentLogger });
      stores.push(store);
      return new CallerQuota(settings, store, () => now);
    });
    const caller: Caller = { id: 'key:c-quota', scopes: new Set(), tier: 'standard', anonymous: false };
    const base = 'http://address.test/v1';
    let sent = 0;
    const lookup = async (replica: number) => {
      await upstreamCharges(caller, replicaQuotas[replica], undefined).beforeSend(
        { name: 'address', url: base, vendor: addressInterface.vendor },
        'GET',
        `${base}/udprn/${sent}`,
      );
      sent += 1;
    };
    for (let call = 0; call < 5; call += 1) await lookup(call % 2);
    const refusal: unknown = await lookup(1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GraphQLError);
    expect((refusal as GraphQLError).extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', upstream: 'address', limit: { quota: 5 } });
    expect(sent).toBe(5);

    now = new Date('2031-07-21T00:00:00Z');
    await lookup(0);
    expect(sent).toBe(6);
  });

  it("shows a caller's quota left as another replica spends it, read after read", async () => {
    const settings = readCallerLimits({ DAILY_QUOTA_ADDRESS: '5' }, quotaDeclarations(INTERFACES));
    const [reader, spender] = [0, 1].map(() => {
      const store = createCounterStore({ redisUrl: redis.url, keyPrefix: 'quota-left:', logger: silentLogger });
      stores.push(store);
      return new CallerQuota(settings, store, () => new Date('2031-07-20T12:00:00Z'));
    });
    if (!reader || !spender) throw new Error('two replicas');
    const caller: Caller = { id: 'key:c-left', scopes: new Set(), tier: 'standard', anonymous: false };
    // The reader spends nothing itself: only a read of the shared counters can see what changed.
    for (const used of [0, 1, 2]) {
      expect((await reader.remaining(caller)).address).toMatchObject({ used, remaining: 5 - used });
      expect((await reader.remaining(caller)).address?.used).toBe(used);
      await spender.spend(caller, 'address', 1);
    }
  });
});
