/**
 * The wait on a gateway Redis client's first connection, against a real redis-server and two
 * that are not: ready before the first command is asked, a refused port answered by its error (not
 * by the bound), a silent one by the bound, and no wait at all once the first connection has settled.
 */
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../../test/support/redis-server.js';
import { connectGatewayRedis, type GatewayRedis } from './gateway-redis.js';

/** A client as the gateway makes them, whose `usable` waits at most `timeoutMs` (its command timeout). */
function connect(url: string, timeoutMs: number): GatewayRedis {
  const connection = connectGatewayRedis(url, { commandTimeoutMs: timeoutMs });
  // Its connection errors are what these tests play; unheard, ioredis would report them as unhandled.
  connection.redis.on('error', () => undefined);
  return connection;
}

async function listening(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe.skipIf(!hasRedisServer())('usable on a real redis-server', () => {
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('waits for the first connection, so the first command goes to Redis', async () => {
    const { redis: fresh, usable } = connect(redis.url, 60_000);
    try {
      expect(fresh.status).not.toBe('ready');
      expect(await usable()).toBe(true);
      expect(await fresh.ping()).toBe('PONG');
    } finally {
      fresh.disconnect();
    }
  });

  it('answers false at once while Redis is away after the first connection', async () => {
    const { redis: fresh, usable } = connect(redis.url, 60_000);
    try {
      expect(await usable()).toBe(true);
      await redis.stop();
      // Its 'close' may come before or after the server's exit, so the status is what is waited for.
      while (fresh.status === 'ready') await new Promise((resolve) => setTimeout(resolve, 10));
      // A 60-second bound: were it waited for, the test would time out.
      expect(await usable()).toBe(false);
      expect(await usable()).toBe(false);
    } finally {
      fresh.disconnect();
      await redis.start();
    }
  });
});

describe('usable without a Redis', () => {
  it('answers false on a refused connection, from its error rather than the bound, then at once', async () => {
    const closed = createServer();
    const port = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));
    const { redis: fresh, usable } = connect(`redis://127.0.0.1:${port}`, 60_000);
    try {
      expect(await usable()).toBe(false);
      expect(await usable()).toBe(false);
    } finally {
      fresh.disconnect();
    }
  });

  it('gives up on a server that never answers after the bound, with one wait however many ask', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    const port = await listening(silent);
    const { redis: fresh, usable } = connect(`redis://127.0.0.1:${port}`, 200);
    const listeners = (): number[] => [fresh.listenerCount('ready'), fresh.listenerCount('error')];
    try {
      const first = usable();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const withOne = listeners();
      const answers = Promise.all([first, ...Array.from({ length: 49 }, () => usable())]);
      // Past ten listeners of one event Node warns of a leak: 49 more uses must add none.
      expect(listeners()).toEqual(withOne);
      expect(await answers).toEqual(Array.from({ length: 50 }, () => false));
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      fresh.disconnect();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
