/**
 * The whole-operation cache as a request driver uses it (Yoga's plugin, use-operation-cache.ts, and
 * the fast path): `plan` says under which key an operation's answer may be kept (undefined: never),
 * `lookup` finds a kept one, `settle` keeps a clean answer for the lifetime its upstream answers
 * allowed and says what the HTTP answer carries (`Cache-Control`, `ETag`, `Vary`), `hitResult`
 * turns a kept answer back into the result a driver serves, `extensions.cost` saying it spent
 * nothing. What is kept is the answer's JSON without `extensions.cost` (the request's own), so a hit
 * answers the bytes the miss answered, its own cost apart.
 */
import { type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode, print } from 'graphql';
import type { Lifetime } from '../cache/answer-lifetime.js';
import { cacheControl, NO_STORE, notModified } from '../cache/http-caching.js';
import { type CachedAnswer, type OperationCache, operationKey, viewerOf } from '../cache/operation-cache.js';
import type { Caller } from '../callers/caller.js';
import type { AtOnce } from '../shared/at-once.js';
import { withExtension } from '../shared/execution-result.js';
import { ForgetfulMemo } from '../shared/forgetful-memo.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';
import { notCacheable } from './operation-cacheability.js';

/** One request's operation, as the driver has it once identity, limits and scopes are settled. */
export interface OperationRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Readonly<Record<string, unknown>> | undefined;
  caller: Caller;
  headers: HeaderReader;
  /**
   * An object standing for this document, operation name and variables, the same for every request
   * that sends them (a repeated request's text, fast-params.ts): its keys are worked out once per viewer.
   */
  shape?: object | undefined;
}

/** An operation whose answer may be kept: its key, its name (metrics) and whether the caller shaped it. */
export interface PlannedAnswer {
  readonly key: string;
  readonly operation: string | undefined;
  /** The caller is signed in or sent its own vendor credentials: `private`, never `public`. */
  readonly shaped: boolean;
}

/** What the HTTP answer of an operation says of caching. */
export type CachingHeaders = Readonly<Record<string, string>>;

export interface OperationAnswersOptions {
  cache: OperationCache;
  /** The client credential headers a request carries, as name and value pairs (live/live-poller.ts `credentialReader`). */
  credentials(headers: HeaderReader): readonly [string, string][];
  /** Every request header that can change an answer (Authorization and the client credential headers): `Vary`. */
  varyOn: readonly string[];
  now?: () => number;
}

const printedDocuments = new WeakMap<DocumentNode, string>();
/** A kept answer's bytes around its cost, and whole with the cost of a hit that adds nothing to it. */
const hitBodies = new WeakMap<CachedAnswer, HitBodyParts>();

interface HitBodyParts {
  head: string;
  tail: string;
  plain: string;
  /** The last cost spliced in, and the body it made: a caller whose quota left did not change gets the same bytes. */
  last?: { cost: unknown; body: string };
}
/** Stands for a hit's cost while its answer is serialised once (hitBody). */
const COST_MARK = '\u0000cost\u0000';
const MARKED_COST = JSON.stringify(COST_MARK);

/** The document's text, printed once per parsed document: persisted, APQ and plain requests of one operation share a key. */
function documentText(document: DocumentNode): string {
  let text = printedDocuments.get(document);
  if (text === undefined) {
    text = print(document);
    printedDocuments.set(document, text);
  }
  return text;
}

/** The answer's bytes as kept: the result without `extensions.cost`. */
export function keptBody(result: ExecutionResult): string {
  const { cost: _cost, ...extensions } = result.extensions ?? {};
  const { extensions: _all, ...rest } = result;
  return JSON.stringify(Object.keys(extensions).length > 0 ? { ...rest, extensions } : rest);
}

/** The kept answer with `cost` as its last extension. */
function withCostOf(entry: CachedAnswer, cost: unknown): ExecutionResult {
  const kept = JSON.parse(entry.body) as ExecutionResult;
  return withExtension(kept, 'cost', cost);
}

/** A result that may be kept: data, no error, not a stream. */
function isClean(result: ExecutionResult): boolean {
  return (result.errors?.length ?? 0) === 0 && result.data !== undefined && result.data !== null;
}

/** `cost` (what the request's own cost step set, e.g. the quota left) marked as a hit: no call, no quota spent. */
export function hitCost(cost: unknown): Record<string, unknown> {
  const own = typeof cost === 'object' && cost !== null ? cost : {};
  return { calls: {}, paidLookups: 0, cacheHits: {}, ...own, answeredFromCache: true };
}

/** Viewers remembered per shape at most; past it they are forgotten together. */
const VIEWERS_PER_SHAPE = 64;

/**
 * The cache keys of repeated requests: a key hashes the printed document and the variables as
 * canonical JSON, worked out again on every request without this, while a shape (one request
 * text) and a viewer always make the same key.
 */
class KeysByShape {
  private readonly byShape = new WeakMap<object, ForgetfulMemo<string, string>>();

  of(shape: object | undefined, viewer: string, work: (viewer: string) => string): string {
    if (shape === undefined) return work(viewer);
    let keys = this.byShape.get(shape);
    if (keys === undefined) {
      keys = new ForgetfulMemo(VIEWERS_PER_SHAPE);
      this.byShape.set(shape, keys);
    }
    return keys.get(viewer) ?? keys.remember(viewer, work(viewer));
  }
}

/**
 * An operation whose answer may be kept. Its key (two hashes) is worked out on first use: only for
 * a lookup that could find something, or an answer to keep. A class rather than an object literal
 * with a getter, which V8 builds through its runtime on every request.
 */
class Planned implements PlannedAnswer {
  readonly operation: string | undefined;
  private known: string | undefined;

  constructor(
    private readonly keys: KeysByShape,
    private readonly request: OperationRequest,
    private readonly sent: readonly [string, string][],
    readonly shaped: boolean,
  ) {
    this.operation = request.operation.name?.value;
  }

  get key(): string {
    this.known ??= this.keys.of(this.request.shape, viewerOf(this.request.caller, this.sent), (viewer) =>
      operationKey({
        document: documentText(this.request.document),
        operationName: this.operation,
        variables: this.request.variables,
        viewer,
      }),
    );
    return this.known;
  }
}

export class OperationAnswers {
  private readonly cache: OperationCache;
  private readonly credentials: (headers: HeaderReader) => readonly [string, string][];
  private readonly vary: string;
  private readonly now: () => number;
  private readonly keys = new KeysByShape();
  /** Each kept answer's caching headers for the whole seconds it has left: a hit in the same second reuses them. */
  private readonly hitHeadersBySecond = new WeakMap<CachedAnswer, { seconds: number; headers: CachingHeaders }>();

  constructor(options: OperationAnswersOptions) {
    this.cache = options.cache;
    this.credentials = options.credentials;
    this.vary = options.varyOn.join(', ');
    this.now = options.now ?? Date.now;
  }

  /** Under which key `request`'s answer may be kept, or undefined when it never may (mutation, personal field, …). */
  plan(request: OperationRequest): PlannedAnswer | undefined {
    if (notCacheable(request.schema, request.document, request.operation)) return undefined;
    const sent = this.credentials(request.headers);
    return new Planned(this.keys, request, sent, !request.caller.anonymous || sent.length > 0);
  }

  /** The fresh kept answer, here or in the shared store; known at once when the shared store need not be asked. */
  lookup(planned: PlannedAnswer): AtOnce<CachedAnswer | undefined> {
    return this.cache.lookup(() => planned.key, planned.operation);
  }

  /** This process's fresh kept answer only (no wait): for a driver that answers synchronously. */
  local(planned: PlannedAnswer): CachedAnswer | undefined {
    return this.cache.local(planned.key);
  }

  /**
   * After execution: keeps a clean answer of a planned operation whose every upstream part may be
   * shared, for the shortest lifetime among them; returns its caching headers either way.
   */
  settle(planned: PlannedAnswer | undefined, result: ExecutionResult, lifetime: Lifetime): CachingHeaders {
    if (!planned || !isClean(result)) return { 'cache-control': NO_STORE };
    const control = cacheControl(lifetime, planned.shaped);
    // A private part keeps the answer out of the gateway's cache too; the caller's browser may keep it.
    const ttlMs = lifetime.shared ? lifetime.ttlMs : 0;
    // Kept by nobody: neither the bytes to keep nor their ETag are worked out.
    if (control === NO_STORE && ttlMs <= 0) return { 'cache-control': NO_STORE };
    const kept = this.cache.store(planned.key, {
      body: keptBody(result),
      ttlMs,
      private: planned.shaped || lifetime.private,
      operation: planned.operation,
    });
    return { 'cache-control': control, etag: kept.etag, vary: this.vary };
  }

  /** The caching headers of a hit: its time left, its ETag. */
  hitHeaders(entry: CachedAnswer): CachingHeaders {
    const ttlMs = entry.expiresAt - this.now();
    const seconds = Math.floor(ttlMs / 1000);
    const known = this.hitHeadersBySecond.get(entry);
    if (known?.seconds === seconds) return known.headers;
    const lifetime = { ttlMs, shared: !entry.private, private: entry.private };
    const headers = { 'cache-control': cacheControl(lifetime, entry.private), etag: entry.etag, vary: this.vary };
    this.hitHeadersBySecond.set(entry, { seconds, headers });
    return headers;
  }

  /** The result a hit serves, its cost marked as spending nothing (`cost` is what the request's cost step set). */
  static hitResult(entry: CachedAnswer, cost?: unknown): ExecutionResult {
    return withCostOf(entry, hitCost(cost));
  }

  /**
   * The bytes a hit serves, `cost` as hitResult takes it (the fast path adds the caller's quota
   * left). The kept answer is parsed and serialised once per entry in this process, around a mark
   * where the cost goes; a repeated hit then costs the cost's own JSON, if any, and no more. The
   * mark is the last value of the answer (extensions follow data, cost is the last extension), so
   * it is found from the end, whatever the data holds. The same cost object as the entry's last
   * hit (a caller's unchanged quota, fast-answers.ts) gets the same body; costs are never changed.
   */
  static hitBody(entry: CachedAnswer, cost?: unknown): string {
    let parts = hitBodies.get(entry);
    if (parts === undefined) {
      const marked = JSON.stringify(withCostOf(entry, COST_MARK));
      const at = marked.lastIndexOf(MARKED_COST);
      const [head, tail] = [marked.slice(0, at), marked.slice(at + MARKED_COST.length)];
      parts = { head, tail, plain: `${head}${JSON.stringify(hitCost(undefined))}${tail}` };
      hitBodies.set(entry, parts);
    }
    if (cost === undefined) return parts.plain;
    if (parts.last?.cost !== cost) parts.last = { cost, body: `${parts.head}${JSON.stringify(hitCost(cost))}${parts.tail}` };
    return parts.last.body;
  }

  /** Whether a GET's `If-None-Match` names the answer's ETag: answer 304 with the same caching headers. */
  static notModified(method: string, ifNoneMatch: string | null | undefined, headers: CachingHeaders): boolean {
    const etag = headers['etag'];
    return (method === 'GET' || method === 'HEAD') && etag !== undefined && notModified(ifNoneMatch, etag);
  }
}
