/**
 * Where the callers' counters live: Redis when REDIS_URL is set, so every replica counts against
 * the same limit, else this process's memory. Each Redis limiter is insured by a memory one, so
 * while Redis is away each process keeps counting on its own: traffic is never blocked by an
 * outage and limits still hold per process. The outage is logged once (and its end once), not per
 * request, as the shared cache does (cache/redis-store.ts).
 */
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { redisUsable } from '../shared/redis-first-connection.js';

export interface CounterStore {
  /**
   * The limiter counting `points` per `durationSeconds` under `name` (one per distinct pair,
   * made once): every process that asks for the same name and points shares its counters. On
   * Redis it is handed out once the first connection has settled (bounded by the command
   * timeout), so a fresh replica's first requests count in Redis, not in its memory insurance.
   */
  limiter(name: string, points: number, durationSeconds: number): Promise<RateLimiterAbstract>;
  close(): Promise<void>;
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
  const limiters = new Map<string, RateLimiterAbstract>();
  const redis = redisUrl === undefined ? undefined : connect(redisUrl, logger, commandTimeoutMs);
  const usable = redis ? redisUsable(redis, commandTimeoutMs) : undefined;
  return {
    async limiter(name, points, durationSeconds) {
      await usable?.();
      const id = `${name}:${points}:${durationSeconds}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        // The points are part of the key: a caller whose limit changes starts a fresh count rather than inheriting one measured against another limit.
        const options = { keyPrefix: `${keyPrefix}callers:${id}`, points, duration: durationSeconds };
        const memory = new RateLimiterMemory(options);
        limiter = redis
          ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
          : memory;
        limiters.set(id, limiter);
      }
      return limiter;
    },
    async close() {
      if (!redis) return;
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

function connect(url: string, logger: Logger, commandTimeoutMs: number): Redis {
  let down = false;
  const redis = new Redis(url, {
    commandTimeout: commandTimeoutMs,
    connectTimeout: 1_000,
    // Nothing waits for Redis: a command while it is away fails at once and the insurance counts.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // The URL may carry a password; the log names only what happened.
  redis.on('error', (error: NodeJS.ErrnoException) => {
    if (down) return;
    down = true;
    logger.warn({ reason: error.code ?? error.name }, 'redis unreachable: caller limits and quotas count per process until it is back');
  });
  redis.on('ready', () => {
    if (down) logger.info('redis reachable again: caller limits and quotas are shared again');
    down = false;
  });
  return redis;
}
