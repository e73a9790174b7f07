/**
 * A process-wide cache of upstream answers for slowly changing data (country records, currency
 * symbols), shared by all GraphQL requests. An entry lives for the upstream's `max-age` when it
 * sends one, else for the configured TTL; `no-store`, `no-cache` and `private` answers are never
 * kept. The oldest entries go first when the cache is full. Entries hold parsed, deeply frozen
 * values, so a hit costs no decoding or parsing and no request can change what another sees.
 */
import { createHash } from 'node:crypto';
import { deepFreeze } from './deep-freeze.js';

export interface CachedAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** The parsed body, deeply frozen once offered. */
  value: unknown;
}

/** A cache key for `url` as seen with `credentials`, which it holds only as a hash. */
export function sharedKey(url: string, credentials: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256').update(JSON.stringify(credentials)).digest('base64url');
  return `${url} ${hash}`;
}

interface Entry {
  answer: CachedAnswer;
  expiresAt: number;
}

/** How long an answer may be reused, in ms, per its Cache-Control and our default; 0 = not at all. */
export function freshnessMs(cacheControl: string | null, defaultTtlMs: number): number {
  if (!cacheControl) return defaultTtlMs;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.some((d) => d === 'no-store' || d === 'no-cache' || d === 'private')) return 0;
  const maxAge = directives.map((d) => /^(?:s-)?max-age=(\d+)$/.exec(d)?.[1]).find((v) => v !== undefined);
  return maxAge === undefined ? defaultTtlMs : Number(maxAge) * 1000;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly defaultTtlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /** Keeps a 2xx answer for as long as its Cache-Control (or the default TTL) allows. */
  offer(key: string, answer: CachedAnswer): void {
    if (answer.status < 200 || answer.status > 299) return;
    const ttl = freshnessMs(answer.headers['cache-control'] ?? null, this.defaultTtlMs);
    if (ttl <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { answer: deepFreeze(answer), expiresAt: this.now() + ttl });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
