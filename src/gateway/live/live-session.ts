/**
 * What a subscription needs from the request that opened it: the process's live runtime
 * (registry, poller, limits, per-event contexts), and who and which connection it is. Kept beside
 * the request (as the fan-out budget is), so the context's shape stays the one every resolver knows.
 */
import type { GatewayContext } from '../context.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';
import type { LiveSource } from './live-poller.js';
import type { PollRegistry, PollSpec } from './poll-registry.js';
import type { SubscriptionLimits } from './subscription-limits.js';

/** One per gateway: what every live stream of the process shares. */
export interface LiveRuntime {
  registry: PollRegistry;
  pollSpec(source: LiveSource, callerHeaders: HeaderReader): PollSpec;
  /** The headers of a request that carry its own credentials for the served upstreams (live-poller.ts). */
  credentials(callerHeaders: HeaderReader): Headers;
  limits: SubscriptionLimits;
  /**
   * A fresh context for one event of a shared execution (shared-live.ts): its own upstream client,
   * loaders and fan-out budget, as an event is a new answer (DataLoader caches for its life). It
   * carries `credentials` alone (live-poller.ts): no caller's address, request id or quota, since
   * every subscriber of the execution gets its answer.
   */
  eventContext(credentials: Headers): GatewayContext;
}

export interface LiveSession {
  runtime: LiveRuntime;
  /** The request's headers: the subscriber's own credentials are read from them. */
  headers: HeaderReader;
  /** Lives as long as the client's connection (its socket, or the request when there is none). */
  connection: object;
  /** Who counts against MAX_SUBSCRIPTIONS_PER_CALLER: the caller's id, else its address. */
  caller: string;
}

// Keyed by object: under node:http Yoga's requests are @whatwg-node's, not instances of the global Request.
const sessions = new WeakMap<object, LiveSession>();

/** Records the live session of `request`, Yoga's or the fast path's node request (server.ts, as the request's context is made). */
export function attachLiveSession(request: object, session: LiveSession): void {
  sessions.set(request, session);
}

/** The live session of the request behind `context` (any object Yoga made a context of), if it has one. */
export function findLiveSession(context: object): LiveSession | undefined {
  // Yoga puts the request on every context; GatewayContext leaves it out, as resolvers never read it.
  const request: unknown = Reflect.get(context, 'request');
  return typeof request === 'object' && request !== null ? sessions.get(request) : undefined;
}

/** The live session of the request behind `context`; a TypeError when the gateway was built without live data. */
export function liveSessionOf(context: GatewayContext): LiveSession {
  const session = findLiveSession(context);
  if (!session) throw new TypeError('This gateway serves no live data: its request has no live session');
  return session;
}
