/**
 * The poll registry alone, on timers the test runs by hand: one poll per key per tick however
 * many subscribe, the poll stops with the last subscriber, leases decide who polls (the others
 * relay), an open breaker backs the poll off, and LIVE_MAX_KEYS is a catalogued refusal.
 */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { HELD, type Lease, type LiveBus, localBus } from './live-bus.js';
import { DEFAULT_LIVE_SETTINGS } from './live-settings.js';
import { type LiveOutcome, PollRegistry, type PollSpec } from './poll-registry.js';
import { silentLogger } from '../logger.js';

/** Timers that run only when the test says, recording each delay asked for. */
function manualTimers() {
  let pending: { run: () => void; ms: number; handle: number } | undefined;
  let handles = 0;
  const delays: number[] = [];
  return {
    delays,
    pendingCount: () => (pending ? 1 : 0),
    timers: {
      setTimeout(run: () => void, ms: number): unknown {
        delays.push(ms);
        pending = { run, ms, handle: ++handles };
        return handles;
      },
      clearTimeout(handle: unknown) {
        if (pending?.handle === handle) pending = undefined;
      },
    },
    /** Runs the one pending tick and lets its promises settle. */
    async tick() {
      const due = pending;
      pending = undefined;
      due?.run();
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    },
  };
}

interface CountingSpec {
  calls: number;
  fail: unknown;
  spec: PollSpec;
}

function countingSpec(key = 'stablecoin-key'): CountingSpec {
  const spec: CountingSpec = {
    calls: 0,
    fail: undefined,
    spec: {
      key,
      feed: 'stablecoin' as const,
      upstream: 'blockchain-utility' as const,
      poll: async () => {
        spec.calls += 1;
        if (spec.fail) throw spec.fail;
        return { value: { n: spec.calls }, maxAgeMs: undefined };
      },
    },
  };
  return spec;
}

function collector() {
  const outcomes: LiveOutcome[] = [];
  let ended = false;
  return { outcomes, ended: () => ended, next: (outcome: LiveOutcome) => outcomes.push(outcome), end: () => (ended = true) };
}

const settings = { ...DEFAULT_LIVE_SETTINGS, intervalsMs: { ...DEFAULT_LIVE_SETTINGS.intervalsMs, stablecoin: 1_000 } };

describe('PollRegistry', () => {
  it('polls a key once per tick for 50 subscribers, and stops when the last one leaves', async () => {
    const clock = manualTimers();
    const registry = new PollRegistry({ bus: localBus, settings, logger: silentLogger, timers: clock.timers, random: () => 0 });
    const source = countingSpec();
    const subscribers = Array.from({ length: 50 }, collector);
    const joined = await Promise.all(subscribers.map((subscriber) => registry.subscribe(source.spec, subscriber)));
    expect(source.calls).toBe(1);
    expect(joined.every(({ current }) => 'value' in current)).toBe(true);
    for (let tick = 0; tick < 3; tick += 1) await clock.tick();
    expect(source.calls).toBe(4);
    expect(subscribers.every((subscriber) => subscriber.outcomes.length === 3)).toBe(true);
    expect(clock.delays.every((delay) => delay === 1_000)).toBe(true);
    for (const { leave } of joined) leave();
    expect(registry.keyCount).toBe(0);
    expect(clock.pendingCount()).toBe(0);
    await clock.tick();
    expect(source.calls).toBe(4);
  });

  it('never polls faster than the upstream max-age, and adds up to 10 % of jitter', async () => {
    const clock = manualTimers();
    const registry = new PollRegistry({ bus: localBus, settings, logger: silentLogger, timers: clock.timers, random: () => 0.5 });
    const spec: PollSpec = { ...countingSpec().spec, poll: async () => ({ value: 1, maxAgeMs: 5_000 }) };
    await registry.subscribe(spec, collector());
    expect(clock.delays).toEqual([5_250]);
  });

  it('backs off while the breaker is open, and comes back to the interval after a good poll', async () => {
    const clock = manualTimers();
    const registry = new PollRegistry({ bus: localBus, settings, logger: silentLogger, timers: clock.timers, random: () => 0 });
    const source = countingSpec();
    const subscriber = collector();
    await registry.subscribe(source.spec, subscriber);
    source.fail = new GraphQLError('open', { extensions: { code: 'UPSTREAM_CIRCUIT_OPEN' } });
    await clock.tick();
    await clock.tick();
    await clock.tick();
    source.fail = undefined;
    await clock.tick();
    expect(clock.delays).toEqual([1_000, 2_000, 4_000, 8_000, 1_000]);
    expect(subscriber.outcomes.map((outcome) => 'error' in outcome)).toEqual([true, true, true, false]);
  });

  it('relays what the lease holder publishes instead of polling', async () => {
    const clock = manualTimers();
    let relay: ((value: string) => void) | undefined;
    const bus: LiveBus = {
      ...localBus,
      lease: () => Promise.resolve({ held: false, freeInMs: 5_000 }),
      listen: (_key, onValue) => {
        relay = onValue;
        return Promise.resolve(() => Promise.resolve());
      },
    };
    const registry = new PollRegistry({ bus, settings, logger: silentLogger, timers: clock.timers, random: () => 0 });
    const source = countingSpec();
    const subscriber = collector();
    await registry.subscribe(source.spec, subscriber);
    await clock.tick();
    expect(source.calls).toBe(1);
    relay?.(JSON.stringify({ n: 'elsewhere' }));
    relay?.(JSON.stringify({ n: 'elsewhere' }));
    expect(subscriber.outcomes).toEqual([{ value: { n: 'elsewhere' } }]);
  });

  it('leases a key for 1.5 intervals, and asks again as soon as the lease held elsewhere runs out', async () => {
    const clock = manualTimers();
    const asked: number[] = [];
    const answers: Lease[] = [{ held: false, freeInMs: 300 }, { held: false, freeInMs: 0 }, HELD];
    const bus: LiveBus = {
      ...localBus,
      lease: (_key, ttlMs) => {
        asked.push(ttlMs);
        return Promise.resolve(answers.shift() ?? HELD);
      },
    };
    const registry = new PollRegistry({ bus, settings, logger: silentLogger, timers: clock.timers, random: () => 0 });
    const source = countingSpec();
    await registry.subscribe(source.spec, collector());
    expect(source.calls).toBe(1);
    await clock.tick();
    await clock.tick();
    // Held elsewhere: no poll, and the next ask when that lease runs out (plus 10 ms), or after a
    // twentieth of the interval when it already has.
    expect(source.calls).toBe(1);
    await clock.tick();
    expect(source.calls).toBe(2);
    expect(asked).toEqual([1_500, 1_500, 1_500]);
    expect(clock.delays).toEqual([1_000, 310, 50, 1_000]);
  });

  it('refuses a key past LIVE_MAX_KEYS with LIVE_KEY_LIMIT_EXCEEDED, and ends every stream on close', async () => {
    const clock = manualTimers();
    const registry = new PollRegistry({ bus: localBus, settings: { ...settings, maxKeys: 1 }, logger: silentLogger, timers: clock.timers });
    const first = collector();
    await registry.subscribe(countingSpec('one').spec, first);
    await registry.subscribe(countingSpec('one').spec, collector());
    const refused = await registry.subscribe(countingSpec('two').spec, collector()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GraphQLError);
    expect((refused as GraphQLError).extensions.code).toBe('LIVE_KEY_LIMIT_EXCEEDED');
    await registry.close();
    expect(first.ended()).toBe(true);
    expect(registry.keyCount).toBe(0);
  });
});
