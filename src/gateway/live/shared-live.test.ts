/**
 * The shared executions alone, on a hand-fed event stream: one subscribe for everyone of a key,
 * one refusal for everyone who waited on it (each slot given back), a newcomer's first event is the
 * current one, equal events are not sent twice, and the last subscriber to leave ends the source.
 */
import type { ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { type GroupSpec, SharedLive } from './shared-live.js';

/** An event source the test pushes into, recording whether it was ended. */
function feed() {
  const queued: ExecutionResult[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const source: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      while (!queued.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
      const value = queued.shift();
      return value && !ended ? { done: false, value } : { done: true, value: undefined };
    },
    return() {
      ended = true;
      wake?.();
      return Promise.resolve({ done: true, value: undefined });
    },
    [Symbol.asyncIterator]: () => source,
  };
  return {
    source,
    ended: () => ended,
    push(value: ExecutionResult) {
      queued.push(value);
      wake?.();
    },
  };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

function counter() {
  const counts = { subscribers: 0, sent: 0, unchanged: 0 };
  return {
    counts,
    observer: {
      liveSubscribers: (n: number) => (counts.subscribers = n),
      liveEvent: (_: string, sent: boolean) => void (sent ? counts.sent++ : counts.unchanged++),
    },
  };
}

function spec(open: GroupSpec['open'], key = 'k'): GroupSpec {
  return { key, upstream: 'blockchain-utility', open, catalogue: (result) => result };
}

describe('SharedLive', () => {
  it('opens one subscription for every subscriber of a key and hands each event to all of them', async () => {
    const { counts, observer } = counter();
    const shared = new SharedLive({ logger: silentLogger, observer });
    const events = feed();
    let opened = 0;
    const open = async () => {
      opened += 1;
      return events.source;
    };
    const released: number[] = [];
    const [a, b] = (await Promise.all([
      shared.join(spec(open), () => released.push(1)),
      shared.join(spec(open), () => released.push(2)),
    ])) as AsyncIterableIterator<ExecutionResult>[];
    expect(opened).toBe(1);
    expect(counts.subscribers).toBe(2);
    events.push({ data: { n: 1 } });
    expect(await a?.next()).toEqual({ done: false, value: { data: { n: 1 } } });
    expect(await b?.next()).toEqual({ done: false, value: { data: { n: 1 } } });
    // A newcomer starts from the current event; an equal event is counted, not sent.
    const c = (await shared.join(spec(open), () => released.push(3))) as AsyncIterableIterator<ExecutionResult>;
    expect(await c.next()).toEqual({ done: false, value: { data: { n: 1 } } });
    events.push({ data: { n: 1 } });
    events.push({ data: { n: 2 } });
    expect(await a?.next()).toEqual({ done: false, value: { data: { n: 2 } } });
    expect(counts.unchanged).toBe(3);
    // Leaving one by one: slots come back at once, the source ends with the last one.
    await a?.return?.();
    await b?.return?.();
    expect(released).toEqual([1, 2]);
    expect(events.ended()).toBe(false);
    await c.return?.();
    await settle();
    expect(events.ended()).toBe(true);
    expect(counts.subscribers).toBe(0);
    // The next subscriber of the key opens it again; a source that has ended ends its stream.
    const d = (await shared.join(spec(open), () => released.push(4))) as AsyncIterableIterator<ExecutionResult>;
    expect(opened).toBe(2);
    expect(await d.next()).toEqual({ done: true, value: undefined });
    expect(released).toEqual([1, 2, 3, 4]);
  });

  it('gives everyone who waited the refusal of the subscribe, and each its slot back', async () => {
    const shared = new SharedLive({ logger: silentLogger });
    let refuse: ((result: ExecutionResult) => void) | undefined;
    const open = () => new Promise<ExecutionResult>((resolve) => (refuse = resolve));
    const released: string[] = [];
    const waiting = [shared.join(spec(open), () => released.push('a')), shared.join(spec(open), () => released.push('b'))];
    await settle();
    refuse?.({ errors: [] });
    const results = await Promise.all(waiting);
    expect(results[0]).toBe(results[1]);
    expect(released.sort()).toEqual(['a', 'b']);
  });
});
