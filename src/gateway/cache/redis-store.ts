/**
 * The shared store on Redis (REDIS_URL), so replicas reuse each other's upstream answers and
 * registered persisted queries. Redis is a cache here, never a dependency: commands give up
 * after a short timeout, nothing queues while it is away, and an outage is logged once (and its
 * end once), not per request. ioredis keeps reconnecting in the background.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { type RedisUsable, redisUsable } from '../shared/redis-first-connection.js';
import type { SharedStore } from './shared-store.js';

export interface RedisStoreOptions {
  url: string;
  /** Prepended to every key, so several deployments can share one Redis. */
  keyPrefix: string;
  logger: Logger;
  /** How long one command may take before it counts as a miss. */
  commandTimeoutMs?: number;
}

/** Keys are hashed: whatever a caller builds them from (URLs, credentials' hashes) never lands in Redis in clear. */
function hashed(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export class RedisStore implements SharedStore {
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  /** A fresh replica's first lookups wait for the connection rather than miss while it is made. */
  private readonly usable: RedisUsable;
  private down = false;

  constructor({ url, keyPrefix, logger, commandTimeoutMs = 250 }: RedisStoreOptions) {
    this.keyPrefix = keyPrefix;
    this.redis = new Redis(url, {
      commandTimeout: commandTimeoutMs,
      connectTimeout: 1_000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Keep trying, gently: the cache comes back by itself when Redis does.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // The URL may carry a password; the log names only what happened.
    this.redis.on('error', (error: NodeJS.ErrnoException) => {
      if (this.down) return;
      this.down = true;
      logger.warn({ reason: error.code ?? error.name }, 'redis unreachable: caching is off until it is back');
    });
    this.redis.on('ready', () => {
      if (this.down) logger.info('redis reachable again: caching resumes');
      this.down = false;
    });
    this.usable = redisUsable(this.redis, commandTimeoutMs);
  }

  async get(key: string): Promise<string | undefined> {
    if (!(await this.usable())) return undefined;
    try {
      return (await this.redis.get(this.keyPrefix + hashed(key))) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (ttlMs <= 0 || !(await this.usable())) return;
    try {
      await this.redis.set(this.keyPrefix + hashed(key), value, 'PX', Math.ceil(ttlMs));
    } catch {
      // A dropped write costs one upstream call later, nothing more.
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
