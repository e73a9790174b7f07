/**
 * When to retry an upstream call and how long to wait: idempotent methods only, on connection
 * failures and the statuses that say "try again" (429, 502, 503, 504); exponential back-off with
 * full jitter, or the upstream's `Retry-After` when it sends one; and a per-upstream budget so
 * retries never multiply the load on an upstream that is already struggling.
 */

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** Whether a method may be sent twice without changing anything upstream. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method);
}

/** Whether an answer with this status is worth the same request again. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** `Retry-After` in ms (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** The wait before retry number `retry` (1-based): `Retry-After` if given, else jittered back-off; capped. */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, maxMs);
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** (retry - 1)));
}

/**
 * A token bucket that every first attempt fills by `ratio` and every retry empties by one, so
 * retries stay below about `ratio` of calls. It starts with a few tokens so an idle upstream's
 * first blip can still be retried.
 */
export class RetryBudget {
  private tokens: number;

  constructor(
    private readonly ratio: number,
    private readonly capacity = 10,
  ) {
    this.tokens = Math.min(capacity, 3);
  }

  /** Records a first attempt. */
  recordCall(): void {
    this.tokens = Math.min(this.capacity, this.tokens + this.ratio);
  }

  /** Takes a token for a retry; false when the budget is spent. */
  tryRetry(): boolean {
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
