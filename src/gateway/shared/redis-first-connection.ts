/**
 * Every Redis client of the gateway (shared cache, live bus, caller counters) is built not to wait
 * for Redis: no offline queue, and a command while the connection is down is answered locally. At
 * start that would mean the first requests of a fresh replica are answered alone while its
 * connection is still being made: a rate limit counted in this process's memory lets a caller
 * through once per replica too often, a lease is granted to everyone. So until a client's first
 * connection has settled (ready, or failed), asking whether Redis can be used waits for it, up to
 * a bound; after that the answer is the status as it is, at once.
 */
import type { Redis } from 'ioredis';

/** Answers whether `redis` can be asked now; see the module comment for the wait on the first connection. */
export type RedisUsable = () => Promise<boolean>;

/** A function, not an inline comparison: the status changes across an await, which TypeScript's narrowing does not know. */
const isReady = (redis: Redis): boolean => redis.status === 'ready';

/**
 * The check for one client, waiting at most `timeoutMs` for its first connection. Create it right
 * after the client, before the first 'ready' or 'error' can have been emitted.
 */
export function redisUsable(redis: Redis, timeoutMs: number): RedisUsable {
  let settled = false;
  const settle = (): void => {
    settled = true;
  };
  redis.once('ready', settle).once('error', settle);
  return async () => {
    if (isReady(redis)) return true;
    if (settled) return false;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        redis.off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      redis.once('ready', done).once('error', done);
    });
    return isReady(redis);
  };
}
