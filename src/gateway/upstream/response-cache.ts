/**
 * A process-wide cache of upstream answers for slowly changing data (country records, currency
 * symbols), shared by all GraphQL requests. An entry lives for the upstream's `max-age` when it
 * sends one, else for the configured TTL; `no-store`, `no-cache` and `private` answers are never
 * kept. The oldest entries go first when the cache is full. Entries hold parsed, deeply frozen
 * values, so a hit costs no decoding or parsing and no request can change what another sees.
 *
 * With a shared store (Redis, REDIS_URL) behind it, every answer kept here is also written there
 * with the same expiry, and a local miss asks the store before the upstream: replicas then share
 * one upstream request per answer, and each still serves its repeat hits from memory.
 */
import { createHash } from 'node:crypto';
import type { SharedStore } from '../cache/shared-store.js';
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

/** What the shared store holds: the answer and when it stops being fresh, so every replica expires it alike. */
interface StoredEntry extends CachedAnswer {
  expiresAt: number;
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry: Partial<Record<keyof StoredEntry, unknown>> = value;
  return typeof entry.status === 'number' && typeof entry.expiresAt === 'number' && typeof entry.headers === 'object' && 'value' in entry;
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

  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly shared: SharedStore | undefined;

  constructor(
    readonly defaultTtlMs: number,
    options: { maxEntries?: number; now?: () => number; shared?: SharedStore | undefined } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
    this.shared = options.shared;
  }

  /** This process's entry, else the shared store's (then kept here until it expires). */
  async lookup(key: string): Promise<CachedAnswer | undefined> {
    const local = this.get(key);
    if (local || !this.shared) return local;
    const stored = await this.shared.get(key);
    if (stored === undefined) return undefined;
    let entry: unknown;
    try {
      entry = JSON.parse(stored);
    } catch {
      return undefined;
    }
    if (!isStoredEntry(entry) || entry.expiresAt <= this.now()) return undefined;
    const answer: CachedAnswer = { status: entry.status, headers: entry.headers, value: entry.value };
    this.keep(key, answer, entry.expiresAt);
    return answer;
  }

  /** This process's entry only. */
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
    const expiresAt = this.now() + ttl;
    this.keep(key, answer, expiresAt);
    if (this.shared) {
      const stored: StoredEntry = { ...answer, expiresAt };
      void this.shared.set(key, JSON.stringify(stored), ttl);
    }
  }

  private keep(key: string, answer: CachedAnswer, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { answer: deepFreeze(answer), expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
