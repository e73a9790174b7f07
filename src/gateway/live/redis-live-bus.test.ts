/**
 * The Redis live bus against a real redis-server, with two buses on their own connections playing
 * two replicas: one lease per key, taken over as soon as it runs out when its holder dies (the
 * refusal says when) and at once on release; values reach the other replica's listeners (not their own), over one SUBSCRIBE per key;
 * with Redis stopped every lease is granted, nothing throws, each bus warns once, and everything
 * works again once Redis is back.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../../test/support/redis-server.js';
import { createLogger } from '../logger.js';
import type { LiveBus } from './live-bus.js';
import { createRedisLiveBus } from './redis-live-bus.js';

const PREFIX = 'test:';
const TTL_MS = 300;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  bus: LiveBus;
  lines: Record<string, unknown>[];
}

let redis: RedisServer;
let open: Replica[] = [];

function replica(): Replica {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const made = { bus: createRedisLiveBus({ url: redis.url, keyPrefix: PREFIX, logger }), lines };
  open.push(made);
  return made;
}

const logged = (made: Replica, start: string): number =>
  made.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith(start)).length;

/** Polls `check` every 20 ms until it holds; the milliseconds it took. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(20);
  }
  return performance.now() - start;
}

/** Resolves with the values `bus` hears on `key` (as they come), and its unlisten function. */
async function listening(bus: LiveBus, key: string): Promise<{ values: string[]; stop: () => Promise<void> }> {
  const values: string[] = [];
  const stop = await bus.listen(key, (value) => values.push(value));
  return { values, stop };
}

describe.skipIf(!hasRedisServer())('the Redis live bus', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterEach(async () => {
    await Promise.all(open.map((made) => made.bus.close()));
    open = [];
    // Each test starts with no lease held: a dead replica's would outlive its test.
    const client = new Redis(redis.url);
    await client.flushall();
    client.disconnect();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('lets one replica hold a key, and the other take it over as its lease runs out once the holder stops renewing', async () => {
    const [a, b] = [replica(), replica()];
    expect((await a.bus.lease('rates', TTL_MS)).held).toBe(true);
    expect((await b.bus.lease('rates', TTL_MS)).held).toBe(false);
    // Renewing keeps it: after more than one ttl of renewals the other still waits.
    for (let interval = 0; interval < 3; interval += 1) {
      await sleep(TTL_MS / 2);
      expect((await a.bus.lease('rates', TTL_MS)).held).toBe(true);
      expect((await b.bus.lease('rates', TTL_MS)).held).toBe(false);
    }
    // Another key is another lease.
    expect((await b.bus.lease('prices', TTL_MS)).held).toBe(true);
    // A dead replica: its connections close without a release. The other is told when the lease
    // runs out, and takes it then, in one ask.
    await a.bus.close();
    const refused = await b.bus.lease('rates', TTL_MS);
    if (refused.held) throw new Error("the dead replica's lease was free at once");
    expect(refused.freeInMs).toBeGreaterThan(0);
    expect(refused.freeInMs).toBeLessThanOrEqual(TTL_MS);
    await sleep(refused.freeInMs + 5);
    expect((await b.bus.lease('rates', TTL_MS)).held).toBe(true);
  });

  it('hands a key over at once on release', async () => {
    const [a, b] = [replica(), replica()];
    expect((await a.bus.lease('state', 60_000)).held).toBe(true);
    expect((await b.bus.lease('state', 60_000)).held).toBe(false);
    // Releasing what another holds changes nothing.
    await b.bus.release('state');
    expect((await b.bus.lease('state', 60_000)).held).toBe(false);
    await a.bus.release('state');
    expect((await b.bus.lease('state', 60_000)).held).toBe(true);
    expect((await a.bus.lease('state', 60_000)).held).toBe(false);
  });

  it('keeps its last answer when a lease times out on a live connection', async () => {
    const [a, b] = [replica(), replica()];
    expect((await a.bus.lease('busy', 60_000)).held).toBe(true);
    expect((await b.bus.lease('busy', 60_000)).held).toBe(false);
    // Past the command timeout (250 ms) on a connection that stays up: Redis stalls here, as it
    // looks to a replica whose own event loop runs late under a large fan-out. The replicas must
    // not both start polling because of it.
    const client = new Redis(redis.url);
    try {
      await client.client('PAUSE', 400, 'ALL');
      const started = performance.now();
      expect((await Promise.all([a.bus.lease('busy', 60_000), b.bus.lease('busy', 60_000)])).map((lease) => lease.held)).toEqual([
        true,
        false,
      ]);
      expect(performance.now() - started).toBeLessThan(400);
      // A key never decided is polled rather than left alone.
      expect((await b.bus.lease('never-decided', 60_000)).held).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it("carries a published value to the other replica's listeners, not back to the publisher's", async () => {
    const [a, b] = [replica(), replica()];
    const there = await listening(b.bus, 'rates');
    const alsoThere = await listening(b.bus, 'rates');
    const here = await listening(a.bus, 'rates');
    const otherKey = await listening(b.bus, 'prices');
    await a.bus.publish('rates', '{"EUR":0.92}');
    await until(() => there.values.length === 1 && alsoThere.values.length === 1);
    expect(there.values).toEqual(['{"EUR":0.92}']);
    expect(alsoThere.values).toEqual(['{"EUR":0.92}']);
    await b.bus.publish('rates', '{"EUR":0.93}');
    await until(() => here.values.length === 1);
    expect(here.values).toEqual(['{"EUR":0.93}']);
    expect(there.values).toEqual(['{"EUR":0.92}']);
    expect(otherKey.values).toEqual([]);
    // An unlistened listener hears nothing more; the one left still does.
    await there.stop();
    await a.bus.publish('rates', '');
    await until(() => alsoThere.values.length === 2);
    expect(alsoThere.values).toEqual(['{"EUR":0.92}', '']);
    expect(there.values).toHaveLength(1);
  });

  it('subscribes once per key however many local listeners, unsubscribes after the last, and keeps keys hashed', async () => {
    const [a] = [replica()];
    const client = new Redis(redis.url);
    try {
      const channels = async (): Promise<string[]> => (await client.pubsub('CHANNELS', `${PREFIX}live:*`)) as string[];
      const subscribers = async (channel: string): Promise<number> =>
        Number(((await client.pubsub('NUMSUB', channel)) as [string, number])[1]);
      const listeners = await Promise.all([listening(a.bus, 'secret-key'), listening(a.bus, 'secret-key'), listening(a.bus, 'secret-key')]);
      const [channel, ...more] = await channels();
      expect(more).toEqual([]);
      expect(channel).toMatch(/^test:live:values:[\w-]{43}$/);
      expect(await subscribers(channel as string)).toBe(1);
      await a.bus.lease('secret-key', 60_000);
      expect(await client.keys(`${PREFIX}live:*`)).toEqual([expect.stringMatching(/^test:live:lease:[\w-]{43}$/)]);
      await listeners[0]?.stop();
      await listeners[1]?.stop();
      expect(await subscribers(channel as string)).toBe(1);
      await listeners[2]?.stop();
      expect(await channels()).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('grants every lease while Redis is down, throws nothing, warns once per replica, and shares again once it is back', async () => {
    const [a, b] = [replica(), replica()];
    const heard = await listening(b.bus, 'rates');
    expect((await a.bus.lease('rates', TTL_MS)).held).toBe(true);
    await redis.stop();
    await until(() => logged(a, 'redis unreachable') === 1 && logged(b, 'redis unreachable') === 1);
    for (let interval = 0; interval < 5; interval += 1) {
      expect((await a.bus.lease('rates', TTL_MS)).held).toBe(true);
      expect((await b.bus.lease('rates', TTL_MS)).held).toBe(true);
      await a.bus.publish('rates', 'lost');
      await b.bus.release('rates');
      const stop = await b.bus.listen('prices', () => undefined);
      await stop();
      await sleep(100);
    }
    // ioredis keeps retrying (several connection errors by now), and still one warning each.
    expect(logged(a, 'redis unreachable')).toBe(1);
    expect(logged(b, 'redis unreachable')).toBe(1);
    await redis.start();
    await until(() => logged(a, 'redis reachable again') === 1 && logged(b, 'redis reachable again') === 1, 10_000);
    // The restarted Redis is empty: one replica takes the key again, the other waits.
    expect((await a.bus.lease('rates', TTL_MS)).held).toBe(true);
    expect((await b.bus.lease('rates', TTL_MS)).held).toBe(false);
    // The listener registered before the outage hears values again: its channel was resubscribed.
    await a.bus.publish('rates', 'back');
    await until(() => heard.values.length === 1);
    expect(heard.values).toEqual(['back']);
    expect(logged(a, 'redis unreachable')).toBe(1);
  }, 30_000);
});
