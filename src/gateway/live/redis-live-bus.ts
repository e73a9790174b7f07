/**
 * The live bus on Redis (REDIS_URL): a lease per key with an expiry decides which replica polls
 * it, and a pub/sub channel per key carries what it polled to the others. A replica that dies
 * stops renewing, its lease expires (the registry asks for one and a half intervals) and another
 * takes the key over as it runs out. Redis is never a dependency: while it is away every replica
 * holds every lease (each polls alone) and publishing is a no-op; the outage is logged once and
 * its end once, as the shared cache does (cache/redis-store.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { connectGatewayRedis, hashedKey } from '../shared/gateway-redis.js';
import { HELD, type Lease, type LiveBus } from './live-bus.js';

export interface RedisLiveBusOptions {
  url: string;
  /** Prepended (with `live:`) to every key and channel, so deployments sharing one Redis keep apart. */
  keyPrefix: string;
  logger: Logger;
  /** How long one command may take before the bus answers as if Redis were away. */
  commandTimeoutMs?: number;
}

/**
 * Takes the lease when nobody holds it, renews it when we do: one round trip and atomic, so a
 * lease that expires between a failed SET and a renewal cannot be renewed by someone else's token.
 * Answers -1 when the lease is ours, else the milliseconds the holder's lease has left (at least 1),
 * so a survivor asks again right when a dead holder's lease runs out instead of a tick later.
 */
const TAKE_OR_RENEW = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return -1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return -1
end
local left = redis.call('PTTL', KEYS[1])
if left < 1 then return 1 end
return left`;

/** Deletes the lease only while it is ours: after an expiry another replica's lease must stand. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Base64url of 16 random bytes: the fixed length lets a message's origin be sliced off without a separator. */
const ORIGIN_LENGTH = 22;

interface Channel {
  listeners: Set<(value: string) => void>;
  /** Settles once Redis confirmed the SUBSCRIBE (or could not be asked): a listener added meanwhile waits for it too. */
  subscribed: Promise<void>;
}

type Connection = 'commands' | 'subscriber';

/**
 * Creates the bus: one connection for commands and one for SUBSCRIBE (a subscribed ioredis
 * connection takes no other command). The returned bus never rejects.
 */
export function createRedisLiveBus({ url, keyPrefix, logger, commandTimeoutMs = 250 }: RedisLiveBusOptions): LiveBus {
  // One token per bus: it marks our leases and our own publications, which listeners skip.
  const token = randomBytes(16).toString('base64url');
  const prefix = `${keyPrefix}live:`;
  const leaseKey = (key: string): string => `${prefix}lease:${hashedKey(key)}`;
  const channelOf = (key: string): string => `${prefix}values:${hashedKey(key)}`;

  // Nothing waits for Redis: a command while it is away fails at once and the bus answers alone.
  // Its two connections' outages are logged as one (below). The first lease after start waits for
  // the first connection (`usable`), so it is decided by Redis rather than granted to everyone.
  const commandsConnection = connectGatewayRedis(url, { commandTimeoutMs });
  // The bus resubscribes itself on every 'ready' (the channels it wants now, not those of before the outage).
  const subscriberConnection = connectGatewayRedis(url, { commandTimeoutMs, client: { autoResubscribe: false } });
  const { redis: commands } = commandsConnection;
  const { redis: subscriber } = subscriberConnection;
  const channels = new Map<string, Channel>();
  /** Each key's last lease answer from Redis, until it is released. */
  const decided = new Map<string, Lease>();

  // One warning when the first connection drops, one info line when both are back.
  const unreachable = new Set<Connection>();
  const watch = (connection: Connection, redis: Redis): void => {
    // The URL may carry a password; the log names only what happened.
    redis.on('error', (error: NodeJS.ErrnoException) => {
      if (unreachable.has(connection)) return;
      if (!unreachable.size)
        logger.warn({ reason: error.code ?? error.name }, 'redis unreachable: live keys are polled by every replica until it is back');
      unreachable.add(connection);
    });
    redis.on('ready', () => {
      if (!unreachable.delete(connection) || unreachable.size) return;
      logger.info('redis reachable again: live keys are shared again');
    });
  };
  watch('commands', commands);
  watch('subscriber', subscriber);
  const settled = (): undefined => undefined;
  /** The SUBSCRIBE of the last reconnection, which covers every channel wanted at that moment. */
  let resubscribed: Promise<void> = Promise.resolve();
  subscriber.on('ready', () => {
    resubscribed = channels.size ? subscriber.subscribe(...channels.keys()).then(settled, settled) : Promise.resolve();
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (message.startsWith(token)) return;
    const value = message.slice(ORIGIN_LENGTH);
    for (const onValue of channels.get(channel)?.listeners ?? []) {
      try {
        onValue(value);
      } catch (error) {
        // A listener's fault must not reach ioredis's parser, which would drop the connection.
        logger.error({ err: error }, 'a live listener threw');
      }
    }
  });

  /** Subscribes one new channel; while the subscriber is away, its 'ready' handler does it on reconnection. */
  const subscribe = async (name: string): Promise<void> => {
    if (subscriber.status === 'ready') return subscriber.subscribe(name).then(settled, settled);
    // Ours ran first on 'ready' (registered earlier) and subscribed this channel with the others.
    if (await subscriberConnection.usable()) await resubscribed;
  };

  return {
    async lease(key, ttlMs) {
      if (!(await commandsConnection.usable())) return HELD;
      try {
        const left = Number(await commands.eval(TAKE_OR_RENEW, 1, leaseKey(key), token, Math.max(1, Math.ceil(ttlMs))));
        const answer: Lease = left < 0 ? HELD : { held: false, freeInMs: left };
        decided.set(key, answer);
        return answer;
      } catch {
        // A timeout on a connection that is up is mostly this process's own event loop running
        // late (a large fan-out), not Redis: the last answer stands, so the other replica does not
        // start polling too. Never decided (or Redis gone mid-command): polling twice beats nobody polling.
        return decided.get(key) ?? HELD;
      }
    },

    async release(key) {
      decided.delete(key);
      if (commands.status !== 'ready') return;
      try {
        await commands.eval(RELEASE, 1, leaseKey(key), token);
      } catch {
        // The lease expires by itself within its ttl.
      }
    },

    async publish(key, value) {
      if (commands.status !== 'ready') return;
      try {
        await commands.publish(channelOf(key), token + value);
      } catch {
        // The others miss one value; the next interval brings another.
      }
    },

    async listen(key, onValue) {
      const name = channelOf(key);
      let channel = channels.get(name);
      if (!channel) {
        // Registered before any await, so a second listen for the key joins this SUBSCRIBE.
        channel = { listeners: new Set(), subscribed: Promise.resolve() };
        channels.set(name, channel);
        channel.subscribed = subscribe(name);
      }
      const { listeners } = channel;
      // A Set would merge two registrations of one function; each listen gets its own entry.
      const entry = (value: string): void => onValue(value);
      listeners.add(entry);
      await channel.subscribed;
      return async () => {
        if (!listeners.delete(entry) || listeners.size || channels.get(name)?.listeners !== listeners) return;
        channels.delete(name);
        if (subscriber.status !== 'ready') return;
        try {
          await subscriber.unsubscribe(name);
        } catch {
          // A reconnection subscribes only the channels still wanted, so this one is gone then.
        }
      };
    },

    async close() {
      // No release here: the leases expire within their ttl, as a dead replica's would; the
      // registry releases the keys it stops polling before it closes the bus.
      await Promise.all([commandsConnection.close(), subscriberConnection.close()]);
    },
  };
}
