import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger.js';
import { type Counter, createCounterStore } from './counter-store.js';

/** The counter in memory, which answers at once: a promise here would be a regression of the hot path. */
function memoryCounter(points: number, durationSeconds: number): Counter {
  const counter = createCounterStore({ logger: silentLogger }).counter('test', points, durationSeconds);
  if (counter instanceof Promise) throw new Error('a memory counter is handed out at once');
  return counter;
}

describe('counters in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Any instant: the windows are measured from the first take.
    vi.setSystemTime(Date.UTC(2030, 5, 1, 12, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('count in a window that opens at the first take, answered at once, and start again when it ends', () => {
    const counter = memoryCounter(3, 60);
    expect(counter.read('key:a')).toBeUndefined();
    expect(counter.take('key:a', 1)).toEqual({ consumed: 1, msBeforeNext: 60_000 });
    vi.advanceTimersByTime(20_000);
    // Over the limit is still counted: the caller compares with its points.
    expect(counter.take('key:a', 4)).toEqual({ consumed: 5, msBeforeNext: 40_000 });
    expect(counter.read('key:a')).toEqual({ consumed: 5, msBeforeNext: 40_000 });
    expect(counter.read('key:b')).toBeUndefined();
    vi.advanceTimersByTime(40_000);
    expect(counter.read('key:a')).toBeUndefined();
    expect(counter.take('key:a', 2)).toEqual({ consumed: 2, msBeforeNext: 60_000 });
  });

  it('keep each key apart, and the same name and points share one counter', () => {
    const store = createCounterStore({ logger: silentLogger });
    const first = store.counter('rate', 10, 60);
    const again = store.counter('rate', 10, 60);
    const otherLimit = store.counter('rate', 11, 60);
    if (first instanceof Promise || again instanceof Promise || otherLimit instanceof Promise) throw new Error('handed out at once');
    first.take('key:a', 2);
    expect(again.read('key:a')).toEqual({ consumed: 2, msBeforeNext: 60_000 });
    expect(otherLimit.read('key:a')).toBeUndefined();
    expect(first.read('key:b')).toBeUndefined();
  });

  it('let go of windows that ended, a sweep at most a window later', () => {
    const counter = memoryCounter(1, 2);
    for (let address = 0; address < 1_000; address += 1) counter.take(`anonymous:198.51.100.${address}`, 1);
    vi.advanceTimersByTime(2_000);
    // Read after the sweep: a key whose window ended is gone, not merely hidden.
    const windows = (counter as unknown as { windows: Map<string, unknown> }).windows;
    expect(windows.size).toBe(0);
    expect(counter.take('anonymous:198.51.100.1', 1)).toEqual({ consumed: 1, msBeforeNext: 2_000 });
  });
});
