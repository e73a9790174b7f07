/**
 * The per-caller rate limit: so many requests per minute per caller id (an anonymous caller's id
 * carries its address, so anonymous callers are limited per address), shared by every replica
 * through the counter store. rate-limiter-flexible counts in a fixed window that opens at the
 * caller's first request (atomically, in one Lua script on Redis): simpler than a token bucket,
 * with the same promise to a client that reads the headers (so many left, the count restarts in
 * so many seconds).
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type CallerLimitSettings, ratePerMinuteOf } from './caller-limits.js';
import type { CounterStore } from './counter-store.js';
import type { Caller } from './caller.js';

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

  /** Takes one request's token from the caller; undefined when the caller has no rate limit. */
  async consume(caller: Caller): Promise<RateDecision | undefined> {
    const limit = ratePerMinuteOf(this.settings, caller);
    if (limit <= 0) return undefined;
    const limiter = await this.store.limiter('rate', limit, RATE_WINDOW_SECONDS);
    try {
      return decision(true, limit, await limiter.consume(caller.id));
    } catch (refusal) {
      // A refusal rejects with the counter's state; anything else (Redis and insurance both failing) lets the request through.
      if (refusal instanceof RateLimiterRes) return decision(false, limit, refusal);
      return undefined;
    }
  }
}

function decision(allowed: boolean, limit: number, state: RateLimiterRes): RateDecision {
  return {
    allowed,
    limit,
    remaining: state.remainingPoints,
    resetSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    windowSeconds: RATE_WINDOW_SECONDS,
  };
}
