/**
 * Per-IP request rate limit over a sliding one-second window (the vendor allows 30 requests
 * per second per IP and answers 503 past it). The clock is injected so tests need not sleep.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a request from `client`; false when it is over the limit (refused ones don't count). */
  allow(client: string): boolean {
    const time = this.now();
    const recent = (this.hits.get(client) ?? []).filter((at) => at > time - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(client, recent);
      return false;
    }
    recent.push(time);
    this.hits.set(client, recent);
    if (this.hits.size > 10_000) this.forgetIdle(time);
    return true;
  }

  // Bounds memory when many clients pass by: drop those with no request in the window.
  private forgetIdle(time: number): void {
    for (const [client, list] of this.hits) {
      if (list.every((at) => at <= time - this.windowMs)) this.hits.delete(client);
    }
  }
}
