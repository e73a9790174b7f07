/**
 * Two real gateway processes (`src/main.ts`) sharing one real redis-server and one upstream for
 * interface B that this test controls, with a `stablecoinState` subscriber on each over SSE: the
 * key is polled once per interval in total and both subscribers see the same values; with Redis
 * stopped each process polls alone and nothing crashes; killing the polling process hands the key
 * to the other as its lease runs out, within two intervals of the dead one's last poll.
 *
 * The upstream answers `/stablecoin/info` with a new sigUsdPrice on every poll (the poll's number),
 * so the values say which poll a subscriber's event came from, and it tells which replica polled
 * by which gateway process owns the other end of the connection (Linux's /proc).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';

const INTERVAL_MS = 500;
/** The registry's longest tick: the interval plus up to 10 % of jitter (poll-registry.ts). */
const LONGEST_TICK_MS = INTERVAL_MS * 1.1;
/** The registry's lease: one and a half intervals (poll-registry.ts), the longest a dead holder keeps a key. */
const LEASE_MS = 1.5 * INTERVAL_MS;
/** Generous bound for two full starts at once on a busy two-core machine. */
const START_TIMEOUT_MS = 180_000;
const SUBSCRIPTION = 'subscription { stablecoinState { sigUsdPrice reserveRatio } }';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Poll {
  /** Which replica asked: the index of the gateway process that owns the polling connection. */
  replica: number;
  at: number;
}

/** The inode of the TCP socket whose local port is `port` (the gateway's end of a connection to us). */
function socketInode(port: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (parseInt(fields[1]?.split(':').at(-1) ?? '', 16) === port && fields[9] && fields[9] !== '0') return fields[9];
    }
  }
  return undefined;
}

/** Which of `pids` holds the socket `inode` open; -1 when none does. */
function ownerOf(pids: readonly (number | undefined)[], inode: string | undefined): number {
  return pids.findIndex((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/**
 * The shared upstream: one URL for both replicas (the live key holds the upstream's URL, so both
 * must use the same one), every poll recorded with the replica that made it, found by which
 * gateway process owns the other end of the connection.
 */
async function startUpstream(pids: () => readonly (number | undefined)[]): Promise<{ url: string; polls: Poll[]; close(): Promise<void> }> {
  const polls: Poll[] = [];
  const owners = new Map<number, number>();
  const server = createServer((request, response) => {
    request.resume();
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://upstream').pathname !== '/stablecoin/info') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
      return;
    }
    const port = request.socket.remotePort ?? 0;
    // Keep-alive connections are reused: look each one up once.
    let replica = owners.get(port);
    if (replica === undefined || replica < 0) {
      replica = ownerOf(pids(), socketInode(port));
      owners.set(port, replica);
    }
    polls.push({ replica, at: performance.now() });
    // no-store: an upstream max-age would lengthen the poll interval (and let the cache answer).
    response
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ reserveRatio: 500, sigUsdPrice: 100_000_000 + polls.length, sigRsvPrice: 1_000_000 }));
  });
  server.on('connection', (socket) => socket.once('close', () => owners.delete(socket.remotePort ?? 0)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    polls,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Subscriber {
  /** The poll numbers this subscriber's events carried, in order. */
  values: number[];
  errors: unknown[];
  close(): void;
}

/** Opens one SSE subscription (graphql-sse's distinct-connections mode, as Yoga serves it). */
async function subscribe(url: string): Promise<Subscriber> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: SUBSCRIPTION }),
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const subscriber: Subscriber = { values: [], errors: [], close: () => abort.abort() };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (!data || !event.includes('event: next')) continue;
        const payload = JSON.parse(data) as { data?: { stablecoinState?: { sigUsdPrice: string | number } }; errors?: unknown[] };
        if (payload.errors) subscriber.errors.push(...payload.errors);
        const price = payload.data?.stablecoinState?.sigUsdPrice;
        if (price !== undefined) subscriber.values.push(Number(price) - 100_000_000);
      }
    }
  })().catch(() => undefined);
  return subscriber;
}

describe.skipIf(!hasRedisServer())('live data across two gateway processes on one Redis', () => {
  let redis: RedisServer;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  const gateways: GatewayProcess[] = [];
  const urls: string[] = [];
  const subscribers: Subscriber[] = [];

  const total = (counts: readonly number[]): number => counts.reduce((sum, count) => sum + count, 0);
  const warnings = (gateway: GatewayProcess): number =>
    gateway
      .output()
      .split('\n')
      .filter((line) => line.includes('redis unreachable: live keys')).length;

  /** Polls per replica during the next `intervals` intervals. */
  async function pollsOver(intervals: number): Promise<number[]> {
    const from = upstream.polls.length;
    await sleep(intervals * INTERVAL_MS);
    const counts = [0, 0];
    for (const poll of upstream.polls.slice(from)) counts[poll.replica] = (counts[poll.replica] ?? 0) + 1;
    return counts;
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await startUpstream(() => gateways.map((gateway) => gateway.child.pid));
    for (let replica = 0; replica < 2; replica += 1)
      gateways.push(
        spawnGateway({
          PORT: '0',
          REDIS_URL: redis.url,
          REDIS_KEY_PREFIX: 'test:',
          BLOCKCHAIN_API_URL: upstream.url,
          LIVE_INTERVAL_MS_STABLECOIN: String(INTERVAL_MS),
        }),
      );
    for (const gateway of gateways) urls.push(String((await gateway.logLine('gateway ready')).url));
    for (const url of urls) subscribers.push(await subscribe(url));
    // Both subscribers see values before anything is counted.
    for (const subscriber of subscribers) while (!subscriber.values.length) await sleep(50);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    for (const subscriber of subscribers) subscriber.close();
    for (const gateway of gateways) gateway.child.kill('SIGTERM');
    await Promise.all(gateways.map((gateway) => gateway.exited));
    await upstream?.close();
    await redis?.stop();
  });

  it('polls the key once per interval in total, and both subscribers see the same values', async () => {
    const counts = await pollsOver(10);
    // One poll per tick of 1 to 1.1 intervals: ten intervals hold 9 or 10, and not 20.
    expect(total(counts)).toBeGreaterThanOrEqual(8);
    expect(total(counts)).toBeLessThanOrEqual(11);
    // Every poll came from one of the two gateways, and one of them did all the polling: renewed each tick, the lease stays put.
    expect(upstream.polls.every((poll) => poll.replica >= 0)).toBe(true);
    expect(Math.min(...counts)).toBe(0);
    await sleep(LONGEST_TICK_MS);
    const [first, second] = subscribers.map((subscriber) => subscriber.values.slice(-6));
    expect(first).toHaveLength(6);
    expect(first).toEqual(second);
    // Every poll found a new value, and both heard each one once: consecutive, nothing repeated.
    expect(first).toEqual(first?.map((_, index) => (first[0] as number) + index));
    for (const subscriber of subscribers) expect(subscriber.errors).toEqual([]);
  }, 30_000);

  it('polls in each process alone while Redis is down, keeps both subscribers served, and shares again once it is back', async () => {
    await redis.stop();
    await Promise.all(gateways.map((gateway) => gateway.logLine('redis unreachable: live keys')));
    const heard = subscribers.map((subscriber) => subscriber.values.length);
    const alone = await pollsOver(10);
    for (const count of alone) {
      expect(count).toBeGreaterThanOrEqual(8);
      expect(count).toBeLessThanOrEqual(11);
    }
    subscribers.forEach((subscriber, index) => expect(subscriber.values.length).toBeGreaterThanOrEqual((heard[index] as number) + 8));
    for (const gateway of gateways) expect(gateway.child.exitCode).toBeNull();
    await redis.start();
    await Promise.all(gateways.map((gateway) => gateway.logLine('redis reachable again: live keys')));
    // The restarted Redis is empty: the first lease asked for after it settles who holds the key.
    await sleep(2 * LONGEST_TICK_MS);
    const shared = await pollsOver(10);
    expect(total(shared)).toBeLessThanOrEqual(11);
    expect(Math.min(...shared)).toBe(0);
    for (const gateway of gateways) expect(warnings(gateway)).toBe(1);
  }, 60_000);

  it("hands the key to the other process within two intervals of the dead one's last poll", async () => {
    const poller = (upstream.polls.at(-1) as Poll).replica;
    expect(poller).toBeGreaterThanOrEqual(0);
    const other = 1 - poller;
    const survivor = subscribers[other] as Subscriber;
    // Killed just after one of its polls arrives, so its last renewal is the one that poll followed.
    // Killed between a renewal and its poll, the last poll seen here would be an interval older.
    const seen = upstream.polls.length;
    while (!upstream.polls.slice(seen).some((poll) => poll.replica === poller)) await sleep(5);
    gateways[poller]?.child.kill('SIGKILL');
    const killedAt = performance.now();
    await gateways[poller]?.exited;
    const heard = survivor.values.length;
    const takenOver = (): Poll | undefined => upstream.polls.find((poll) => poll.at > killedAt && poll.replica === other);
    while (!takenOver()) {
      if (performance.now() - killedAt > 3 * LEASE_MS + LONGEST_TICK_MS) throw new Error(`replica ${other} did not take the key over`);
      await sleep(20);
    }
    const lastPoll = upstream.polls.filter((poll) => poll.at <= killedAt && poll.replica === poller).at(-1) as Poll;
    // The survivor asks again as the dead holder's lease (renewed just before that poll) runs out:
    // the key goes unpolled for 1.5 intervals, within the two promised.
    expect((takenOver() as Poll).at - lastPoll.at).toBeLessThanOrEqual(2 * INTERVAL_MS);
    const alone = await pollsOver(6);
    expect(alone[other]).toBeGreaterThanOrEqual(4);
    expect(survivor.values.length).toBeGreaterThan(heard);
    expect(survivor.errors).toEqual([]);
  }, 30_000);
});
