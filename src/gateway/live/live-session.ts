/**
 * What a subscription resolver needs from the request that opened it: the process's live
 * runtime (registry, poller, limits), who and which connection it is, and a way to give the
 * request's context fresh per-event state. Kept beside the request (as the fan-out budget is),
 * so the context's shape stays the one every resolver knows.
 */
import type { GatewayContext } from '../context.js';
import type { LiveSource } from './live-poller.js';
import type { PollRegistry, PollSpec } from './poll-registry.js';
import type { SubscriptionLimits } from './subscription-limits.js';

/** One per gateway: what every live stream of the process shares. */
export interface LiveRuntime {
  registry: PollRegistry;
  pollSpec(source: LiveSource, callerHeaders: Headers): PollSpec;
  limits: SubscriptionLimits;
}

export interface LiveSession {
  runtime: LiveRuntime;
  /** The request's headers: the subscriber's own credentials are read from them. */
  headers: Headers;
  /** Lives as long as the client's connection (its socket, or the request when there is none). */
  connection: object;
  /** Who counts against MAX_SUBSCRIPTIONS_PER_CALLER: the caller's id, else its address. */
  caller: string;
  /**
   * Gives `context` a new upstream client, loaders and fan-out budget before each event is
   * executed: an event is a new answer, and the request's own would keep the first event's
   * values (DataLoader caches for its life) and spend one budget over the whole stream.
   */
  renew(context: GatewayContext): void;
}

// Keyed by object: under node:http Yoga's requests are @whatwg-node's, not instances of the global Request.
const sessions = new WeakMap<object, LiveSession>();

/** Records the live session of `request` (server.ts, as the request's context is made). */
export function attachLiveSession(request: Request, session: LiveSession): void {
  sessions.set(request, session);
}

/** The live session of the request behind `context`; a TypeError when the gateway was built without live data. */
export function liveSessionOf(context: GatewayContext): LiveSession {
  // Yoga puts the request on every context; GatewayContext leaves it out, as resolvers never read it.
  const request: unknown = Reflect.get(context, 'request');
  const session = typeof request === 'object' && request !== null ? sessions.get(request) : undefined;
  if (!session) throw new TypeError('This gateway serves no live data: its request has no live session');
  return session;
}
