/**
 * How the gateway's Redis clients (shared cache, live bus, caller counters) are made, in one
 * place. Each is built not to wait for Redis: commands give up after a short timeout, nothing
 * queues while the connection is down (a command then fails at once and its user answers
 * locally), and ioredis keeps reconnecting, gently, in the background.
 *
 * Answering locally at start would mean a fresh replica's first requests are answered alone while
 * its connection is still being made: a rate limit counted in this process's memory lets a caller
 * through once per replica too often, a lease is granted to everyone. So until a client's first
 * connection has settled (ready, or failed), asking whether Redis can be used (`usable`) waits for
 * it, up to the command timeout; after that the answer is the status as it is, at once.
 */
import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger.js';

/** Answers whether the client can be asked now; see the module comment for the wait on the first connection. */
export type RedisUsable = () => Promise<boolean>;

/** What one outage means to a client's user: logged once when it begins (warn) and once when it ends (info). */
export interface RedisOutageLog {
  logger: Logger;
  unreachable: string;
  reachableAgain: string;
}

export interface GatewayRedisOptions {
  /** How long one command may take before its user answers as if Redis were away. */
  commandTimeoutMs: number;
  /** Logs this client's outages; a user watching several clients as one logs them itself. */
  outage?: RedisOutageLog;
  /** ioredis options on top of the gateway's. */
  client?: RedisOptions;
}

export interface GatewayRedis {
  redis: Redis;
  usable: RedisUsable;
  /** Quits politely, or drops the connection when Redis cannot be told. */
  close(): Promise<void>;
}

/** Keys are hashed: whatever a user builds them from (URLs, paths, credentials' hashes) never lands in Redis in clear. */
export function hashedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** A function, not an inline comparison: the status changes across an await, which TypeScript's narrowing does not know. */
const isReady = (redis: Redis): boolean => redis.status === 'ready';

/** Connects one client, with its `usable` check set up before any 'ready' or 'error' can be emitted. */
export function connectGatewayRedis(url: string, { commandTimeoutMs, outage, client }: GatewayRedisOptions): GatewayRedis {
  const redis = new Redis(url, {
    commandTimeout: commandTimeoutMs,
    connectTimeout: 1_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...client,
  });
  if (outage) logOutages(redis, outage);
  return {
    redis,
    usable: usableCheck(redis, commandTimeoutMs),
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

function logOutages(redis: Redis, { logger, unreachable, reachableAgain }: RedisOutageLog): void {
  let down = false;
  // The URL may carry a password; the log names only what happened.
  redis.on('error', (error: NodeJS.ErrnoException) => {
    if (down) return;
    down = true;
    logger.warn({ reason: error.code ?? error.name }, unreachable);
  });
  redis.on('ready', () => {
    if (down) logger.info(reachableAgain);
    down = false;
  });
}

function usableCheck(redis: Redis, timeoutMs: number): RedisUsable {
  let settled = false;
  const settle = (): void => {
    settled = true;
  };
  redis.once('ready', settle).once('error', settle);
  // One wait, shared by every use that asks meanwhile: a fresh replica's burst of requests adds one
  // pair of listeners, not a pair each (which Node reports as a leak past ten).
  let waiting: Promise<void> | undefined;
  const firstConnection = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        redis.off('ready', done).off('error', done);
        waiting = undefined;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      redis.once('ready', done).once('error', done);
    });
  return async () => {
    if (isReady(redis)) return true;
    if (settled) return false;
    waiting ??= firstConnection();
    await waiting;
    return isReady(redis);
  };
}
