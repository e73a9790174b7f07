/**
 * The counter store on a real redis-server, as two fresh replicas see it: their very first
 * requests, made before either connection was ready, already count in Redis, so a limit holds
 * across both from the first request rather than once per process's memory insurance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../../test/support/redis-server.js';
import { silentLogger } from '../logger.js';
import { createCounterStore, type CounterStore } from './counter-store.js';

describe.skipIf(!hasRedisServer())('counter store on Redis', () => {
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
        const limiter = await (replicas[replica] as CounterStore).limiter('rate', 2, 60);
        return limiter.consume('key:caller').then(
          () => true,
          () => false,
        );
      };
      // Asked at once, before either replica's connection can have become ready.
      const [first, second] = await Promise.all([consume(order[0] ?? 0), consume(order[1] ?? 0)]);
      expect([first, second]).toEqual([true, true]);
      expect(await consume(order[2] ?? 0)).toBe(false);
    }
  });
});
