/**
 * Where the callers' counters live: Redis when REDIS_URL is set, so every replica counts against
 * the same limit, else this process's memory. Each Redis limiter is insured by a memory one, so
 * while Redis is away each process keeps counting on its own: traffic is never blocked by an
 * outage and limits still hold per process. The outage is logged once (and its end once), not per
 * request, as the shared cache does (cache/redis-store.ts).
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { connectGatewayRedis } from '../shared/gateway-redis.js';

export interface CounterStore {
  /**
   * The limiter counting `points` per `durationSeconds` under `name` (one per distinct pair,
   * made once): every process that asks for the same name and points shares its counters. On
   * Redis it is handed out once the first connection has settled (bounded by the command
   * timeout), so a fresh replica's first requests count in Redis, not in its memory insurance.
   * Once handed out it is returned as it is, not in a promise: every request asks for its limiters.
   */
  limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract | Promise<RateLimiterAbstract>;
  close(): Promise<void>;
}

/**
 * `use` of a limiter the store handed out, called at once when it is at hand rather than after a
 * turn of the microtask queue: every request reads or takes from several counters.
 */
export function withLimiter<T>(
  limiter: RateLimiterAbstract | Promise<RateLimiterAbstract>,
  use: (made: RateLimiterAbstract) => Promise<T>,
): Promise<T> {
  return limiter instanceof Promise ? limiter.then(use) : use(limiter);
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
  const limiters = new Map<string, Map<number, Map<number, RateLimiterAbstract>>>();
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
  const make = (name: string, points: number, durationSeconds: number): RateLimiterAbstract => {
    let byPoints = limiters.get(name);
    if (!byPoints) limiters.set(name, (byPoints = new Map()));
    let byDuration = byPoints.get(points);
    if (!byDuration) byPoints.set(points, (byDuration = new Map()));
    let limiter = byDuration.get(durationSeconds);
    if (!limiter) {
      // The points are part of the key: a caller whose limit changes starts a fresh count rather than inheriting one measured against another limit.
      const options = { keyPrefix: `${keyPrefix}callers:${name}:${points}:${durationSeconds}`, points, duration: durationSeconds };
      const memory = new RateLimiterMemory(options);
      limiter = connection
        ? new RateLimiterRedis({ ...options, storeClient: connection.redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
        : memory;
      byDuration.set(durationSeconds, limiter);
    }
    return limiter;
  };
  let settled = connection === undefined;
  return {
    limiter(name, points, durationSeconds) {
      if (settled) return make(name, points, durationSeconds);
      return (async () => {
        await connection?.usable();
        settled = true;
        return make(name, points, durationSeconds);
      })();
    },
    close: async () => connection?.close(),
  };
}
