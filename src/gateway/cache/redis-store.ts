/**
 * The shared store on Redis (REDIS_URL), so replicas reuse each other's upstream answers and
 * registered persisted queries. Redis is a cache here, never a dependency: commands give up
 * after a short timeout, nothing queues while it is away, and an outage is logged once (and its
 * end once), not per request. ioredis keeps reconnecting in the background.
 */
import type { Logger } from '../logger.js';
import { connectGatewayRedis, type GatewayRedis, hashedKey } from '../shared/gateway-redis.js';
import type { SharedStore } from './shared-store.js';

export interface RedisStoreOptions {
  url: string;
  /** Prepended to every key, so several deployments can share one Redis. */
  keyPrefix: string;
  logger: Logger;
  /** How long one command may take before it counts as a miss. */
  commandTimeoutMs?: number;
}

export class RedisStore implements SharedStore {
  /** A fresh replica's first lookups wait for the connection (`usable`) rather than miss while it is made. */
  private readonly connection: GatewayRedis;
  private readonly keyPrefix: string;

  constructor({ url, keyPrefix, logger, commandTimeoutMs = 250 }: RedisStoreOptions) {
    this.keyPrefix = keyPrefix;
    this.connection = connectGatewayRedis(url, {
      commandTimeoutMs,
      outage: {
        logger,
        unreachable: 'redis unreachable: caching is off until it is back',
        reachableAgain: 'redis reachable again: caching resumes',
      },
    });
  }

  async get(key: string): Promise<string | undefined> {
    if (!(await this.connection.usable())) return undefined;
    try {
      return (await this.connection.redis.get(this.keyPrefix + hashedKey(key))) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (ttlMs <= 0 || !(await this.connection.usable())) return;
    try {
      await this.connection.redis.set(this.keyPrefix + hashedKey(key), value, 'PX', Math.ceil(ttlMs));
    } catch {
      // A dropped write costs one upstream call later, nothing more.
    }
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
