/**
 * The per-caller rate limit: so many requests per minute per caller id (an anonymous caller's id
 * carries its address, so anonymous callers are limited per address), shared by every replica
 * through the counter store, which counts in a fixed window that opens at the caller's first
 * request (atomically, in one Lua script on Redis): simpler than a token bucket,
 * with the same promise to a client that reads the headers (so many left, the count restarts in
 * so many seconds).
 */
import { type AtOnce, whenKnown } from '../shared/at-once.js';
import { type CallerLimitSettings, ratePerMinuteOf } from './caller-limits.js';
import type { CountState, CounterStore } from './counter-store.js';
import { HandOver } from '../shared/hand-over.js';
import type { Caller } from './caller.js';
import { type LimitPolicy, policyItem, stateItem } from './rate-limit-headers.js';

export const RATE_WINDOW_SECONDS = 60;

/** What one request's token came to: the numbers the RateLimit headers and a refusal carry. */
export interface RateDecision {
  allowed: boolean;
  /** Requests per window for this caller. */
  limit: number;
  remaining: number;
  /** Seconds until the window restarts, at least 1. */
  resetSeconds: number;
  windowSeconds: number;
}

export class CallerRateLimit {
  constructor(
    private readonly settings: CallerLimitSettings,
    private readonly store: CounterStore,
  ) {}

  /**
   * Takes one request's token from the caller: at once when the counters are in memory. Undefined
   * when the caller has no rate limit, or when the counter could not count (Redis and its
   * insurance both failing), which lets the request through.
   */
  consume(caller: Caller): AtOnce<RateDecision | undefined> {
    const limit = ratePerMinuteOf(this.settings, caller);
    if (limit <= 0) return undefined;
    const counted = whenKnown(this.store.counter('rate', limit, RATE_WINDOW_SECONDS), (counter) => counter.take(caller.id, 1));
    return whenKnown(
      counted,
      (state) => decision(limit, state),
      () => undefined,
    );
  }
}

function decision(limit: number, state: CountState): RateDecision {
  return {
    allowed: state.consumed <= limit,
    limit,
    remaining: Math.max(0, limit - state.consumed),
    resetSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    windowSeconds: RATE_WINDOW_SECONDS,
  };
}

/** The per-minute limit as the RateLimit headers name it. */
export function ratePolicy(decision: RateDecision): LimitPolicy {
  return {
    name: 'default',
    quota: decision.limit,
    windowSeconds: decision.windowSeconds,
    remaining: decision.remaining,
    resetSeconds: decision.resetSeconds,
  };
}

/** The RateLimit-Policy and RateLimit fields every answer to a limited caller carries, as name and value pairs. */
export function rateLimitFields(decision: RateDecision): [string, string][] {
  const policy = ratePolicy(decision);
  return [
    ['RateLimit-Policy', policyItem(policy)],
    ['RateLimit', stateItem(policy)],
  ];
}

/** Decisions the fast path took before handing a request to Yoga's path. */
const handedOver = new HandOver<RateDecision>();

/** Records the fast path's decision, so Yoga's adapter adopts it instead of spending another token. */
export function handOverRateDecision(nodeRequest: object, decision: RateDecision): void {
  handedOver.give(nodeRequest, decision);
}

/** The fast path's decision for the node request behind Yoga's server context, if it took one. */
export function handedRateDecision(serverContext: unknown): RateDecision | undefined {
  return handedOver.of(serverContext);
}
