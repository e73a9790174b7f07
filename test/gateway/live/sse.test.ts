/**
 * Live data over Server-Sent Events, with real clients over real sockets: the `graphql-sse`
 * client (distinct connections) and plain EventSource framing over fetch. Interface B is an
 * upstream the test controls and counts (live-harness.ts); A and D are the sandboxes.
 */
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrain } from '../../../src/gateway/ops/drain.js';
import { createLogger, silentLogger } from '../../../src/gateway/logger.js';
import { type LiveGateway, type LiveWorld, openSse, sleep, startLiveGateway, startLiveWorld } from './live-harness.js';

const INTERVAL_MS = 200;
/** The longest wait between two polls: the interval and its jitter. */
const TICK_MS = INTERVAL_MS * 1.1;
const STATE = 'subscription { stablecoinState { sigUsdPrice reserveRatio } }';

let world: LiveWorld;
let gateway: LiveGateway;

beforeAll(async () => {
  world = await startLiveWorld();
  gateway = await startLiveGateway(
    world,
    { intervalsMs: gatewayIntervals() },
    process.env.LIVE_TEST_LOG ? createLogger('debug') : undefined,
  );
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await world?.close();
});

/** Waits until the registry follows no key (every stream of the test before has let go). */
async function settled(): Promise<void> {
  for (let i = 0; i < 50 && gateway.registry.keyCount > 0; i += 1) await sleep(20);
  expect(gateway.registry.keyCount).toBe(0);
}

/** Streams the fast path (http/fast-path.ts) has answered itself so far. */
async function fastStreams(served: LiveGateway): Promise<number> {
  const metric = await served.metrics.registry.getSingleMetric('gateway_fast_path_operations_total')?.get();
  return metric?.values.find((value) => value.labels.result === 'answered')?.value ?? 0;
}

describe('subscriptions over SSE', () => {
  it('sends the current value at once to a graphql-sse client, then one event per change', async () => {
    await settled();
    const client = createClient({ url: gateway.url, retryAttempts: 0 });
    const events = client.iterate<{ stablecoinState: { reserveRatio: number } }>({ query: STATE });
    const started = Date.now();
    const first = await events.next();
    expect(Date.now() - started).toBeLessThan(INTERVAL_MS);
    expect(first.value?.data?.stablecoinState.reserveRatio).toBe(world.b.state.reserveRatio);
    const ratio = Number(world.b.state.reserveRatio);
    world.b.state = { ...world.b.state, reserveRatio: ratio + 1 };
    const second = await events.next();
    expect(second.value?.data?.stablecoinState.reserveRatio).toBe(ratio + 1);
    world.b.state = { ...world.b.state, reserveRatio: ratio };
    const third = await events.next();
    expect(third.value?.data?.stablecoinState.reserveRatio).toBe(ratio);
    await events.return?.();
    client.dispose();
  });

  it('sends no event when nothing the subscriber selected changed', async () => {
    await settled();
    const stream = await openSse(gateway.url, 'subscription { stablecoinState { sigUsdPrice } }');
    await stream.waitFor(1);
    const polls = world.b.polls.length;
    world.b.state = { ...world.b.state, reserveRatio: Number(world.b.state.reserveRatio) + 7 };
    await sleep(TICK_MS * 4);
    expect(world.b.polls.length).toBeGreaterThanOrEqual(polls + 2);
    expect(stream.results).toHaveLength(1);
    world.b.state = { ...world.b.state, sigUsdPrice: Number(world.b.state.sigUsdPrice) + 1 };
    await stream.waitFor(2);
    expect(stream.results[1]?.data).toEqual({ stablecoinState: { sigUsdPrice: String(Number(world.b.state.sigUsdPrice)) } });
    stream.close();
  });

  it('makes one upstream call per interval for 50 subscribers of one key, and none once they have left', async () => {
    await settled();
    const before = world.b.polls.length;
    const started = Date.now();
    const streamedFast = await fastStreams(gateway);
    const streams = await Promise.all(Array.from({ length: 50 }, () => openSse(gateway.url, STATE)));
    try {
      await Promise.all(streams.map((stream) => stream.waitFor(1)));
      // The document was seen before this test (or by the first of these): the rest stream from the fast path.
      expect((await fastStreams(gateway)) - streamedFast).toBeGreaterThanOrEqual(49);
      await sleep(INTERVAL_MS * 5);
      const calls = world.b.polls.length - before;
      const elapsed = Date.now() - started;
      // The first subscriber's call, then one per tick (an interval plus up to 10 % of jitter).
      expect(calls).toBeLessThanOrEqual(1 + Math.ceil(elapsed / INTERVAL_MS));
      // …and it kept polling (a loaded machine may delay ticks, never add any).
      expect(calls).toBeGreaterThanOrEqual(2);
    } finally {
      for (const stream of streams) stream.close();
    }
    await settled();
    // A poll sent just before the last subscriber left may reach the upstream after the key is
    // gone (CI, loaded, counted one such late arrival): let it land, then no poll may follow.
    await sleep(TICK_MS);
    const stopped = world.b.polls.length;
    await sleep(TICK_MS * 3);
    expect(world.b.polls.length).toBe(stopped);
  });

  it('sends an event with the catalogued error while the upstream fails, then resumes with the next good value', async () => {
    await settled();
    const stream = await openSse(gateway.url, STATE);
    await stream.waitFor(1);
    world.b.failWith = 500;
    await stream.waitFor(2);
    const failed = stream.results[1];
    expect(failed?.data).toEqual({ stablecoinState: null });
    expect(failed?.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', upstream: 'blockchain-utility', status: 500 });
    world.b.failWith = undefined;
    await stream.waitFor(3);
    expect(stream.results[2]?.data).toEqual(stream.results[0]?.data);
    expect(stream.events.some((event) => event.event === 'complete')).toBe(false);
    stream.close();
  });

  it('resolves cross-interface fields afresh for each event (their own loaders and fan-out budget)', async () => {
    await settled();
    const stream = await openSse(
      gateway.url,
      'subscription { stablecoinState { reserveRatio ergPrice(currency: "EUR") { amount currency } } }',
    );
    await stream.waitFor(1);
    const ratio = Number(world.b.state.reserveRatio);
    for (let change = 1; change <= 3; change += 1) {
      world.b.state = { ...world.b.state, reserveRatio: ratio + change };
      await stream.waitFor(1 + change);
    }
    world.b.state = { ...world.b.state, reserveRatio: ratio };
    stream.close();
    expect(stream.results.every((result) => result.errors === undefined)).toBe(true);
    const prices = stream.results.map((result) => (result.data?.stablecoinState as { ergPrice: { amount: number } }).ergPrice.amount);
    expect(new Set(prices).size).toBe(1);
    expect(prices[0]).toBeGreaterThan(0);
  });

  it('takes the first event from the response cache when it holds a fresh answer', async () => {
    await settled();
    const lookups = async (result: string) =>
      Number(
        new RegExp(`gateway_cache_lookups_total\\{upstream="country-data",result="${result}"\\} (\\d+)`).exec(
          await gateway.metrics.registry.metrics(),
        )?.[1] ?? 0,
      );
    // A query that reads D's USD table (the money fields' pivot) leaves it in the cache.
    await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ country(code: "FR") { currencyRate(to: "JPY") } }' }),
    });
    const hits = await lookups('hit');
    const misses = await lookups('miss');
    const stream = await openSse(gateway.url, 'subscription { exchangeRate(from: "EUR", to: "JPY") }');
    await stream.waitFor(1);
    stream.close();
    expect(await lookups('hit')).toBe(hits + 1);
    expect(await lookups('miss')).toBe(misses);
  });

  it('refuses bad arguments before the stream opens, with the codes and argument names of the queries', async () => {
    await settled();
    const refusal = async (query: string) => {
      const stream = await openSse(gateway.url, query);
      await stream.ended;
      return stream.results[0]?.errors?.[0]?.extensions;
    };
    expect(await refusal('subscription { exchangeRate(from: "QQQ", to: "EUR") }')).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'from',
    });
    expect(await refusal('subscription { currencyRates(base: "XXZ") { base } }')).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'base',
    });
    expect(await refusal('subscription { tokenPrices(symbols: ["NOSUCHTOKEN"]) { close } }')).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'symbols',
    });
    expect(await refusal('subscription { tokenPrices(symbols: []) { close } }')).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'symbols',
    });
    const malformed = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { exchangeRate(from: "euro", to: "EUR") }' }),
    });
    expect(await malformed.text()).toContain('BAD_USER_INPUT');
    await settled();
  });

  it('serves A and D live: token prices, the market indicator, a rate and a rate table', async () => {
    await settled();
    const first = async (query: string) => {
      const stream = await openSse(gateway.url, query);
      await stream.waitFor(1);
      stream.close();
      return stream.results[0];
    };
    const prices = await first('subscription { tokenPrices(symbols: ["ETH", "BTC"]) { tokenSymbol close date } }');
    expect(prices?.errors).toBeUndefined();
    expect((prices?.data?.tokenPrices as { tokenSymbol: string }[]).map((row) => row.tokenSymbol)).toEqual(['ETH', 'BTC']);
    const market = await first('subscription { marketIndicator { date tmGradeSignal } }');
    expect(market?.errors).toBeUndefined();
    expect(market?.data?.marketIndicator).toMatchObject({ tmGradeSignal: expect.any(Number) });
    const rate = await first('subscription { exchangeRate(from: "EUR", to: "JPY") }');
    expect(rate?.data?.exchangeRate).toBeGreaterThan(1);
    const table = await first('subscription { currencyRates(base: "EUR") { base rates(currencies: ["USD"]) { currency rate } } }');
    expect(table?.data?.currencyRates).toMatchObject({ base: 'EUR', rates: [{ currency: 'USD' }] });
    await settled();
  });

  it('counts keys, subscribers, polls and events, sent and suppressed, in the metrics', async () => {
    const text = await gateway.metrics.registry.metrics();
    expect(text).toMatch(/gateway_live_polls_total\{upstream="blockchain-utility",outcome="ok"\} \d+/);
    expect(text).toMatch(/gateway_live_events_total\{upstream="blockchain-utility",result="unchanged"\} [1-9]/);
    expect(text).toMatch(/gateway_live_events_total\{upstream="blockchain-utility",result="sent"\} [1-9]/);
    expect(text).toContain('gateway_live_keys 0');
    expect(text).toContain('gateway_live_subscribers 0');
  });
});

describe('limits', () => {
  it('refuses subscriptions past MAX_SUBSCRIPTIONS_PER_CALLER and keys past LIVE_MAX_KEYS, with their codes', async () => {
    const limited = await startLiveGateway(world, { maxPerCaller: 2, maxKeys: 1, intervalsMs: { ...gatewayIntervals() } });
    try {
      const held = [await openSse(limited.url, STATE), await openSse(limited.url, STATE)];
      await Promise.all(held.map((stream) => stream.waitFor(1)));
      const third = await openSse(limited.url, STATE);
      await third.ended;
      expect(third.results[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'SUBSCRIPTION_LIMIT_EXCEEDED' });
      held[1]?.close();
      for (let i = 0; i < 50 && (await openCount(limited)) > 1; i += 1) await sleep(20);
      const otherKey = await openSse(limited.url, 'subscription { exchangeRate(from: "EUR", to: "USD") }');
      await otherKey.ended;
      expect(otherKey.results[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'LIVE_KEY_LIMIT_EXCEEDED' });
      held[0]?.close();
    } finally {
      await limited.close();
    }
  });
});

describe('drain', () => {
  it('completes every open stream before the server closes', async () => {
    const draining = await startLiveGateway(world, { intervalsMs: gatewayIntervals() });
    // The second of one document streams from the fast path, the others from Yoga's: the drain completes both kinds.
    const streams = [
      await openSse(draining.url, STATE),
      await openSse(draining.url, STATE),
      await openSse(draining.url, 'subscription { exchangeRate(from: "EUR", to: "GBP") }'),
    ];
    await Promise.all(streams.map((stream) => stream.waitFor(1)));
    const drain = createDrain({
      server: draining.server,
      timeoutMs: 5_000,
      logger: silentLogger,
      closers: [],
      endStreams: () => draining.registry.close(),
    });
    const code = await drain.run('SIGTERM');
    expect(code).toBe(0);
    await Promise.all(streams.map((stream) => stream.ended));
    for (const stream of streams) expect(stream.events.at(-1)?.event).toBe('complete');
    expect(await fastStreams(draining)).toBe(1);
    await draining.close();
  });
});

function gatewayIntervals() {
  return { prices: INTERVAL_MS, market: INTERVAL_MS, stablecoin: INTERVAL_MS, rates: INTERVAL_MS };
}

async function openCount(live: LiveGateway): Promise<number> {
  const text = await live.metrics.registry.metrics();
  return Number(/gateway_live_subscribers (\d+)/.exec(text)?.[1] ?? 0);
}
