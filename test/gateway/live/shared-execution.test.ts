/**
 * One execution per event for all the subscribers of one document and variables, over real SSE
 * sockets. Each execution of `ergPrice(currency:)` looks D's USD table up in the response cache
 * once, so the cache's lookups count executions: 25 subscribers of two documents cost two lookups
 * per poll, not 25. Subscribers still come and go one by one, and each still gets its own limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveGateway, type LiveWorld, openSse, type SseStream, sleep, startLiveGateway, startLiveWorld } from './live-harness.js';

const INTERVAL_MS = 200;
const EUR = 'subscription { stablecoinState { reserveRatio ergPrice(currency: "EUR") { amount } } }';
const JPY = 'subscription { stablecoinState { reserveRatio ergPrice(currency: "JPY") { amount } } }';

let world: LiveWorld;
let gateway: LiveGateway;

beforeAll(async () => {
  world = await startLiveWorld();
  gateway = await startLiveGateway(world, {
    intervalsMs: { prices: 60_000, market: 60_000, stablecoin: INTERVAL_MS, rates: 60_000 },
    maxPerConnection: 100,
    maxPerCaller: 26,
  });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await world?.close();
});

async function metric(pattern: RegExp): Promise<number> {
  const text = await gateway.metrics.registry.metrics();
  return [...text.matchAll(new RegExp(pattern, 'g'))].reduce((sum, match) => sum + Number(match[1]), 0);
}

/** D's table looked up (hit or miss): once per execution of `ergPrice`. */
const lookups = (): Promise<number> => metric(/gateway_cache_lookups_total\{upstream="country-data",result="\w+"\} (\d+)/);
const subscribers = (): Promise<number> => metric(/gateway_live_subscribers (\d+)/);

/** Changes what B answers and waits until every stream has the event it makes. */
async function change(streams: readonly SseStream[]): Promise<void> {
  world.b.state = { ...world.b.state, reserveRatio: Number(world.b.state.reserveRatio) + 1 };
  await Promise.all(streams.map((stream) => stream.waitFor(stream.results.length + 1)));
}

describe('shared execution of live events', () => {
  it('executes each event once per document and variables, however many subscribe, and lets each leave alone', async () => {
    const before = { lookups: await lookups(), polls: world.b.polls.length };
    const eur = await Promise.all(Array.from({ length: 20 }, () => openSse(gateway.url, EUR)));
    const jpy = await Promise.all(Array.from({ length: 5 }, () => openSse(gateway.url, JPY)));
    const all = [...eur, ...jpy];
    try {
      await Promise.all(all.map((stream) => stream.waitFor(1)));
      expect(await subscribers()).toBe(25);
      await change(all);
      await change(all);
      const executions = (await lookups()) - before.lookups;
      const polls = world.b.polls.length - before.polls;
      // Two executions per poll (and one first event per document), where executing for each
      // subscriber would have made 25 per poll.
      expect(polls).toBeGreaterThanOrEqual(2);
      expect(executions).toBeLessThanOrEqual(2 * (polls + 1));
      // Everyone of a document saw the same events, with no error.
      for (const stream of all) expect(stream.results.every((result) => result.errors === undefined)).toBe(true);
      for (const stream of eur) expect(stream.results.slice(-3)).toEqual(eur[0]?.results.slice(-3));
      const amounts = (stream: SseStream | undefined) =>
        (stream?.results.at(-1)?.data?.stablecoinState as { ergPrice: { amount: number } } | undefined)?.ergPrice.amount;
      expect(amounts(eur[0])).not.toBe(amounts(jpy[0]));

      // A newcomer of a running execution gets its current event at once, and one over the
      // caller's limit is refused without disturbing the others.
      const late = await openSse(gateway.url, EUR);
      await late.waitFor(1);
      expect(late.results[0]).toEqual(eur[0]?.results.at(-1));
      const refused = await openSse(gateway.url, EUR);
      await refused.ended;
      expect(refused.results[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'SUBSCRIPTION_LIMIT_EXCEEDED' });
      late.close();

      // Nineteen of one document leave: the last one goes on, and so does the other document.
      for (const stream of eur.slice(1)) stream.close();
      for (let i = 0; i < 50 && (await subscribers()) > 6; i += 1) await sleep(20);
      expect(await subscribers()).toBe(6);
      await change([eur[0] as SseStream, ...jpy]);
      expect(gateway.registry.keyCount).toBe(1);
    } finally {
      for (const stream of all) stream.close();
    }
    for (let i = 0; i < 50 && gateway.registry.keyCount > 0; i += 1) await sleep(20);
    expect(gateway.registry.keyCount).toBe(0);
    expect(await subscribers()).toBe(0);
  });
});
