/**
 * Whole GraphQL answers, kept as the bytes they were served as, so a repeated operation is
 * answered without executing it again. An entry is kept under everything that can change the
 * answer (`operationKey`: the document, the operation, the variables and what the caller may see)
 * for the lifetime its upstream answers allowed (freshness-recorder.ts). In memory the least
 * recently used entries go first when the bytes held pass the bound (`lru-cache`); with a shared
 * store (Redis) behind it every entry is also written there with the same expiry, so replicas
 * answer each other's operations, and each still serves its own repeat hits from memory.
 *
 * What may be kept at all (never a mutation, a personal or admin field, an error, a live or
 * deferred answer) is the callers' decision (http/operation-cacheability.ts); this module only
 * keeps and finds bytes.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AtOnce } from '../shared/at-once.js';
import { canonicalJson } from '../shared/canonical-json.js';
import type { SharedStore } from './shared-store.js';

/** One kept answer. */
export interface CachedAnswer {
  /** The answer's JSON as served, without what is the request's own (`extensions.cost`). */
  readonly body: string;
  /** A strong validator of `body` (quoted, as the ETag header carries it). */
  readonly etag: string;
  /** When it stops being fresh (ms since the epoch, by the cache's clock). */
  readonly expiresAt: number;
  /** Whether a credential or the caller's identity shaped it: only that caller's agent may keep it. */
  readonly private: boolean;
  /** The operation's name (metrics). */
  readonly operation: string | undefined;
}

/** What the cache reports (ops/metrics.ts implements it); `operation` is the operation's name. */
export interface OperationCacheObserver {
  operationCacheLookup(operation: string | undefined, hit: boolean): void;
  operationCacheEviction(operation: string | undefined): void;
}

/** What makes two requests' answers the same. */
export interface OperationKeyParts {
  /** The document's text, or a stable hash of it (a persisted document's id). */
  document: string;
  operationName: string | undefined;
  variables: Readonly<Record<string, unknown>> | undefined;
  /**
   * What the caller may see: `anonymous`, or its id and scopes; and a hash of the client
   * credentials it sent (`viewerOf`), which change what a vendor answers.
   */
  viewer: string;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('base64url');

/**
 * The characters of key texts whose hashes are remembered. A frontend repeats a few operations
 * with a few credentials, and every one of its requests needs the key: a remembered hash is a map
 * lookup, a fresh one a SHA-256 (on a hit, most of what the cache itself cost per request). The
 * texts hold no credential in the clear: the viewer part carries only their hash (`viewerOf`).
 */
const REMEMBERED_KEY_CHARACTERS = 4 * 1024 * 1024;
const rememberedHashes = new LRUCache<string, string>({
  maxSize: REMEMBERED_KEY_CHARACTERS,
  sizeCalculation: (_hash, text) => text.length + 1,
});

/** `hash` of a key's text, remembered for the texts used lately. */
function keyHash(text: string): string {
  let found = rememberedHashes.get(text);
  if (found === undefined) {
    found = hash(text);
    rememberedHashes.set(text, found);
  }
  return found;
}

/** The entry's key: a hash, so neither the document nor a credential's hash sits in a store in the clear. */
export function operationKey({ document, operationName, variables, viewer }: OperationKeyParts): string {
  return `op:${keyHash(`${document}\0${operationName ?? ''}\0${canonicalJson(variables ?? {})}\0${viewer}`)}`;
}

/**
 * What a caller may see, as a key part: its identity (anonymous callers share one view, whatever
 * their address; a signed-in caller is its id and scopes) and the client credential headers it
 * sent (name: value), only as a hash, and only when it sent any: a signed-in caller's every
 * request needs its view, and a hash of nothing told the key nothing.
 */
export function viewerOf(
  caller: { anonymous: boolean; id: string; scopes: ReadonlySet<string> },
  credentials: Iterable<[string, string]>,
): string {
  const sent = [...credentials].map(([name, value]) => `${name}:${value}`).sort();
  const who = caller.anonymous ? 'anonymous' : signedIn(caller);
  return sent.length === 0 ? who : `${who}\0credentials:${hash(sent.join('\n'))}`;
}

/** Each signed-in caller's view, spelt once: a verified token or a key hands out the same caller on every request. */
const signedInViews = new WeakMap<object, string>();

function signedIn(caller: { id: string; scopes: ReadonlySet<string> }): string {
  let view = signedInViews.get(caller);
  if (view === undefined) {
    // The prefix keeps a signed-in caller's view apart from the anonymous one, whatever its id or scopes.
    view = `caller:${caller.id}\0${[...caller.scopes].sort().join(' ')}`;
    signedInViews.set(caller, view);
  }
  return view;
}

/** A strong ETag of `body`. */
export function etagOf(body: string): string {
  return `"${hash(body)}"`;
}

function isCachedAnswer(value: unknown): value is CachedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const entry: Partial<Record<keyof CachedAnswer, unknown>> = value;
  return (
    typeof entry.body === 'string' &&
    typeof entry.etag === 'string' &&
    typeof entry.expiresAt === 'number' &&
    typeof entry.private === 'boolean' &&
    (entry.operation === undefined || typeof entry.operation === 'string')
  );
}

export interface OperationCacheOptions {
  /** The bound of the bytes held in memory (OPERATION_CACHE_MAX_BYTES); must be positive. */
  maxBytes: number;
  shared?: SharedStore | undefined;
  observer?: OperationCacheObserver | undefined;
  now?: () => number;
}

/** An entry's key, or how to work it out when it is needed. */
export type KeyOf = string | (() => string);

export class OperationCache {
  private readonly entries: LRUCache<string, CachedAnswer>;
  private readonly shared: SharedStore | undefined;
  private readonly observer: OperationCacheObserver | undefined;
  private readonly now: () => number;
  private readonly bytesByOperation = new Map<string | undefined, number>();

  constructor(options: OperationCacheOptions) {
    if (!(options.maxBytes > 0)) throw new RangeError(`An operation cache holds a positive number of bytes; got ${options.maxBytes}`);
    this.shared = options.shared;
    this.observer = options.observer;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, CachedAnswer>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => Math.max(1, Buffer.byteLength(entry.body)),
      dispose: (entry, _key, reason) => {
        this.count(entry, -1);
        if (reason === 'evict') this.observer?.operationCacheEviction(entry.operation);
      },
    });
  }

  /** The bytes of answers held in this process, by operation name. */
  heldBytes(): ReadonlyMap<string | undefined, number> {
    return this.bytesByOperation;
  }

  /**
   * The fresh answer under `key`: this process's, else the shared store's (then kept here too).
   * `key` may be a function, called only when something could be found: with no shared store and
   * no answer of `operation` held here, a lookup is a miss without working out its key (a hash).
   * Known at once unless the shared store must be asked.
   */
  lookup(key: KeyOf, operation: string | undefined): AtOnce<CachedAnswer | undefined> {
    if (!this.shared && !this.bytesByOperation.has(operation)) return this.looked(operation, undefined);
    const known = typeof key === 'string' ? key : key();
    const local = this.local(known);
    if (local !== undefined || !this.shared) return this.looked(operation, local);
    return this.fromShared(known).then((found) => this.looked(operation, found));
  }

  /** Counts a lookup's outcome and passes its answer on. */
  private looked(operation: string | undefined, found: CachedAnswer | undefined): CachedAnswer | undefined {
    this.observer?.operationCacheLookup(operation, found !== undefined);
    return found;
  }

  /** This process's fresh answer under `key` only; synchronous, for a path that must not wait. */
  local(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `body` for `ttlMs` (nothing when 0); returns the entry, whose ETag the answer carries. */
  store(key: string, answer: { body: string; ttlMs: number; private: boolean; operation: string | undefined }): CachedAnswer {
    const entry: CachedAnswer = {
      body: answer.body,
      etag: etagOf(answer.body),
      expiresAt: this.now() + answer.ttlMs,
      private: answer.private,
      operation: answer.operation,
    };
    if (answer.ttlMs <= 0) return entry;
    this.keep(key, entry);
    void this.shared?.set(key, JSON.stringify(entry), answer.ttlMs);
    return entry;
  }

  private keep(key: string, entry: CachedAnswer): void {
    this.entries.set(key, entry);
    // lru-cache refuses an entry larger than the whole bound; only a kept one counts.
    if (this.entries.peek(key) === entry) this.count(entry, 1);
  }

  private count(entry: CachedAnswer, sign: 1 | -1): void {
    const bytes = (this.bytesByOperation.get(entry.operation) ?? 0) + sign * Math.max(1, Buffer.byteLength(entry.body));
    if (bytes > 0) this.bytesByOperation.set(entry.operation, bytes);
    else this.bytesByOperation.delete(entry.operation);
  }

  private async fromShared(key: string): Promise<CachedAnswer | undefined> {
    const stored = this.shared && (await this.shared.get(key));
    if (stored === undefined || stored === null) return undefined;
    let entry: unknown;
    try {
      entry = JSON.parse(stored);
    } catch {
      return undefined;
    }
    // An entry is checked against its own ETag: a body cut or changed in the store is never served.
    if (!isCachedAnswer(entry) || entry.expiresAt <= this.now() || etagOf(entry.body) !== entry.etag) return undefined;
    this.keep(key, entry);
    return entry;
  }
}
