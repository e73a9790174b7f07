/**
 * Where the callers' counters live: Redis when REDIS_URL is set, so every replica counts against
 * the same limit, else this process's memory. Each Redis limiter is insured by a memory one, so
 * while Redis is away each process keeps counting on its own: traffic is never blocked by an
 * outage and limits still hold per process. The outage is logged once (and its end once), not per
 * request, as the shared cache does (cache/redis-store.ts).
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import type { AtOnce } from '../shared/at-once.js';
import { connectGatewayRedis } from '../shared/gateway-redis.js';

/** A counter's window under one key after a take or a read: what it has counted, and when it starts again. */
export interface CountState {
  consumed: number;
  /** Milliseconds until the window ends and the count starts from nothing. */
  msBeforeNext: number;
}

/**
 * The counters of one limit, in fixed windows: a key's window opens at its first take and lasts the
 * duration. A take always counts; whether it went over the limit is the caller's to say (its points
 * are the limit). In memory a counter answers at once; on Redis in a promise, rejected when neither
 * Redis nor its memory insurance could count.
 */
export interface Counter {
  take(key: string, points: number): AtOnce<CountState>;
  /** The key's window; undefined when nothing is counted in it. */
  read(key: string): AtOnce<CountState | undefined>;
}

export interface CounterStore {
  /**
   * The counter of `points` per `durationSeconds` under `name` (one per distinct triple, made
   * once): every process that asks for the same name and points shares its counts. On Redis it is
   * handed out once the first connection has settled (bounded by the command timeout), so a fresh
   * replica's first requests count in Redis, not in its memory insurance. Once handed out it is
   * returned as it is, not in a promise: every request asks for its counters.
   */
  counter(name: string, points: number, durationSeconds: number): AtOnce<Counter>;
  /** Whether other processes count in the same counters (Redis): a count read here may change without this process taking. */
  readonly shared: boolean;
  close(): Promise<void>;
}

/** How often a memory counter drops windows that have ended, at most: a short window's keys go within one window. */
const SWEEP_MS = 60_000;

/**
 * Fixed windows in this process's memory, answered at once. Written here rather than taken from
 * rate-limiter-flexible's memory limiter, which counts the same way but answers every take and
 * every read in a promise: a production request takes and reads several counters, and those
 * promises were a measurable part of it. Windows that ended are dropped on a sweep, so the map
 * holds about one window's keys (anonymous callers are counted per address).
 */
class MemoryCounter implements Counter {
  private readonly windows = new Map<string, { consumed: number; endsAt: number }>();

  constructor(private readonly durationMs: number) {
    setInterval(() => this.sweep(), Math.min(durationMs, SWEEP_MS)).unref();
  }

  take(key: string, points: number): CountState {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { consumed: 0, endsAt: now + this.durationMs };
      this.windows.set(key, window);
    }
    window.consumed += points;
    return { consumed: window.consumed, msBeforeNext: window.endsAt - now };
  }

  read(key: string): CountState | undefined {
    const now = Date.now();
    const window = this.windows.get(key);
    return window === undefined || window.endsAt <= now ? undefined : { consumed: window.consumed, msBeforeNext: window.endsAt - now };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

function stateOf(result: RateLimiterRes): CountState {
  return { consumed: result.consumedPoints, msBeforeNext: result.msBeforeNext };
}

/** A counter on Redis, through rate-limiter-flexible (one Lua script per take), insured by its memory limiter. */
class RedisCounter implements Counter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  take(key: string, points: number): Promise<CountState> {
    // Over the limit, the library rejects with the counter's state: a count like any other here.
    return this.limiter.consume(key, points).then(stateOf, (refusal: unknown) => {
      if (refusal instanceof RateLimiterRes) return stateOf(refusal);
      throw refusal;
    });
  }

  read(key: string): Promise<CountState | undefined> {
    return this.limiter.get(key).then((result) => (result === null ? undefined : stateOf(result)));
  }
}

export interface CounterStoreOptions {
  /** REDIS_URL; counters stay in memory when absent. */
  redisUrl?: string | undefined;
  /** Prepended to every key (REDIS_KEY_PREFIX), so deployments sharing a Redis keep apart. */
  keyPrefix?: string;
  logger: Logger;
  /** How long one Redis command may take before the memory insurance answers instead. */
  commandTimeoutMs?: number;
}

/** Creates the store: in memory, or on Redis with memory insurance. */
export function createCounterStore({ redisUrl, keyPrefix = '', logger, commandTimeoutMs = 250 }: CounterStoreOptions): CounterStore {
  // By name, then points, then duration: every request finds several limiters, and a key spelt per lookup was a string built each time.
  const counters = new Map<string, Map<number, Map<number, Counter>>>();
  // Nothing waits for Redis: a command while it is away fails at once and the insurance counts.
  const connection =
    redisUrl === undefined
      ? undefined
      : connectGatewayRedis(redisUrl, {
          commandTimeoutMs,
          outage: {
            logger,
            unreachable: 'redis unreachable: caller limits and quotas count per process until it is back',
            reachableAgain: 'redis reachable again: caller limits and quotas are shared again',
          },
        });
  const make = (name: string, points: number, durationSeconds: number): Counter => {
    let byPoints = counters.get(name);
    if (!byPoints) counters.set(name, (byPoints = new Map()));
    let byDuration = byPoints.get(points);
    if (!byDuration) byPoints.set(points, (byDuration = new Map()));
    let counter = byDuration.get(durationSeconds);
    if (!counter) {
      // The points are part of the key: a caller whose limit changes starts a fresh count rather than inheriting one measured against another limit.
      const options = { keyPrefix: `${keyPrefix}callers:${name}:${points}:${durationSeconds}`, points, duration: durationSeconds };
      counter = connection
        ? new RedisCounter(
            new RateLimiterRedis({
              ...options,
              storeClient: connection.redis,
              rejectIfRedisNotReady: true,
              insuranceLimiter: new RateLimiterMemory(options),
            }),
          )
        : new MemoryCounter(durationSeconds * 1000);
      byDuration.set(durationSeconds, counter);
    }
    return counter;
  };
  let settled = connection === undefined;
  return {
    counter(name, points, durationSeconds) {
      if (settled) return make(name, points, durationSeconds);
      return (async () => {
        await connection?.usable();
        settled = true;
        return make(name, points, durationSeconds);
      })();
    },
    shared: connection !== undefined,
    close: async () => connection?.close(),
  };
}
