/**
 * A process-wide cache of upstream answers for slowly changing data (country records, currency
 * symbols), shared by all GraphQL requests. An entry lives as long as RFC 9111 lets a shared cache
 * keep it (cache/answer-lifetime.ts: `s-maxage`, `max-age`, `Expires`, less `Age`), else for the
 * configured TTL when the vendor says nothing; `no-store`, `no-cache` and `private` answers are
 * never kept, and an answer that will not be kept is not parsed either. A 200 whose body is not JSON
 * (an HTML error page, a cut-off body) is never served from here: an entry is checked by its first
 * hit, whose parse its readers then share, and dropped when it does not parse, so a vendor that
 * sent one broken answer is asked again instead of being quoted until the entry expires. When the
 * cache is full (entries or bytes of text), the least recently used entries go first (`lru-cache`).
 * Entries are immutable answers (upstream-answer.ts): the decoded text for Mesh's resolvers and a
 * value parsed at most once, deeply frozen, for the hand-written ones, so a hit costs no decoding,
 * at most one parse in the entry's life, and no request can change what another sees.
 *
 * With a shared store (Redis, REDIS_URL) behind it, every answer kept here is also written there
 * with the same expiry, and a local miss asks the store before the upstream: replicas then share
 * one upstream request per answer, and each still serves its repeat hits from memory.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { answerLifetime } from '../cache/answer-lifetime.js';
import type { SharedStore } from '../cache/shared-store.js';
import { UpstreamAnswer } from './upstream-answer.js';

/** A cache key for `url` as seen with `credentials`, which it holds only as a hash. */
export function sharedKey(url: string, credentials: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256').update(JSON.stringify(credentials)).digest('base64url');
  return `${url} ${hash}`;
}

interface Entry {
  answer: UpstreamAnswer;
  expiresAt: number;
  /** The text's size in bytes, what the cache's byte bound counts. */
  bytes: number;
  /** Whether the body is known to parse; checked on the first hit, not when offered. */
  parses: boolean;
}

/**
 * What the shared store holds: the answer's text (so writing it needs no parse) and when it stops
 * being fresh, so every replica expires it alike.
 */
interface StoredEntry {
  status: number;
  headers: Record<string, string>;
  text: string;
  expiresAt: number;
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry: Partial<Record<keyof StoredEntry, unknown>> = value;
  return (
    typeof entry.status === 'number' &&
    typeof entry.expiresAt === 'number' &&
    typeof entry.headers === 'object' &&
    entry.headers !== null &&
    typeof entry.text === 'string'
  );
}

/** How long an answer may be reused, in ms, per its Cache-Control and our default; 0 = not at all. */
export function freshnessMs(cacheControl: string | null, defaultTtlMs: number, now: () => number = Date.now): number {
  const lifetime = answerLifetime(
    { method: 'GET', status: 200, headers: cacheControl ? { 'cache-control': cacheControl } : {} },
    defaultTtlMs,
    now,
  );
  return lifetime.shared ? lifetime.ttlMs : 0;
}

/** 32 MiB of answers' text unless told otherwise. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  /** When each answer this cache handed out stops being fresh, for the requests that used it. */
  private readonly expiries = new WeakMap<UpstreamAnswer, number>();

  private readonly now: () => number;
  private readonly shared: SharedStore | undefined;

  constructor(
    readonly defaultTtlMs: number,
    options: { maxEntries?: number; maxBytes?: number; now?: () => number; shared?: SharedStore | undefined } = {},
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 500,
      maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
    });
    this.now = options.now ?? Date.now;
    this.shared = options.shared;
  }

  /** The ms `answer` stays fresh, when this cache kept it (undefined when it did not). */
  remainingMs(answer: UpstreamAnswer): number | undefined {
    const expiresAt = this.expiries.get(answer);
    return expiresAt === undefined ? undefined : Math.max(0, expiresAt - this.now());
  }

  /** This process's entry, else the shared store's (then kept here until it expires). */
  async lookup(key: string): Promise<UpstreamAnswer | undefined> {
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
    // Stored text was rewritten (if its vendor rewrites) before it was written.
    const answer = new UpstreamAnswer(entry.status, entry.headers, entry.text);
    if (!answer.parses()) return undefined;
    this.keep(key, answer, entry.expiresAt, true);
    return answer;
  }

  /** This process's entry only. */
  get(key: string): UpstreamAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() || !(entry.parses ||= entry.answer.parses())) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /**
   * Keeps a 2xx answer for as long as its Cache-Control (or the default TTL) allows. Nothing is
   * parsed here for this process: an answer that is not kept costs nothing, and one that is kept
   * is parsed by its first hit. One bound for the shared store is parsed first, since replicas
   * would otherwise quote a broken body each to the other.
   */
  offer(key: string, answer: UpstreamAnswer): void {
    if (!answer.ok) return;
    const lifetime = answerLifetime({ method: 'GET', status: answer.status, headers: answer.headers }, this.defaultTtlMs, this.now);
    const ttl = lifetime.shared ? lifetime.ttlMs : 0;
    if (ttl <= 0 || (this.shared && !answer.parses())) return;
    const expiresAt = this.now() + ttl;
    this.keep(key, answer, expiresAt, this.shared !== undefined);
    if (this.shared) {
      const stored: StoredEntry = { status: answer.status, headers: { ...answer.headers }, text: answer.text(), expiresAt };
      void this.shared.set(key, JSON.stringify(stored), ttl);
    }
  }

  private keep(key: string, answer: UpstreamAnswer, expiresAt: number, parsed: boolean): void {
    const kept = answer.share();
    // A body larger than the whole bound is not kept: lru-cache refuses it.
    this.entries.set(key, { answer: kept, expiresAt, parses: parsed, bytes: Buffer.byteLength(kept.text()) });
    this.expiries.set(kept, expiresAt);
  }
}
