/**
 * The whole-operation cache as the fast path (fast-path.ts) uses it: `before` execution, a kept
 * answer's bytes and caching headers (a hit: no execution, no vendor) or the key to settle; `after`
 * execution of a miss, the caching headers of the answer as served (kept when it may be); and
 * whether a GET's If-None-Match makes either a 304. Its caller is the one the request pipeline's
 * steps settled, as on Yoga's path (use-operation-cache.ts), over the same OperationAnswers.
 */
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { Lifetime } from '../cache/answer-lifetime.js';
import type { CachedAnswer } from '../cache/operation-cache.js';
import type { Caller } from '../callers/caller.js';
import type { CallerQuota } from '../callers/quota.js';
import { type AtOnce, whenKnown } from '../shared/at-once.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';
import { type CachingHeaders, OperationAnswers, type PlannedAnswer } from './operation-answers.js';

export interface FastHit {
  kind: 'hit';
  /** The answer's JSON, `extensions.cost` saying it came from the cache. */
  body: string;
  headers: CachingHeaders;
}

export interface FastMiss {
  kind: 'miss';
  planned: PlannedAnswer;
}

export interface FastAnswerRequest {
  /** Stands for the document, operation name and variables of every request sending the same text (fast-params.ts). */
  shape?: object;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Readonly<Record<string, unknown>> | undefined;
  headers: HeaderReader;
  caller: Caller;
}

const NO_STORE: CachingHeaders = { 'cache-control': 'no-store' };

export class FastAnswers {
  private readonly costs = new WeakMap<object, { quota: unknown }>();

  constructor(
    private readonly answers: OperationAnswers,
    private readonly schema: GraphQLSchema,
    /** With caller quotas every answer shows the caller's quota left, a hit's too (as `useCost` adds it on Yoga's path). */
    private readonly quota?: CallerQuota,
  ) {}

  /**
   * A hit, a miss to settle after execution, or undefined when the operation's answers are never
   * kept; known at once when neither the shared store nor a quota counter on Redis must be asked.
   */
  before(request: FastAnswerRequest): AtOnce<FastHit | FastMiss | undefined> {
    const { document, operation, variables, headers, caller, shape } = request;
    const planned = this.answers.plan({ schema: this.schema, document, operation, variables, headers, caller, shape });
    if (!planned) return undefined;
    return whenKnown(this.answers.lookup(planned), (hit) => (hit ? this.hit(hit, caller) : { kind: 'miss', planned }));
  }

  private hit(entry: CachedAnswer, caller: Caller): AtOnce<FastHit> {
    const served = (cost: { quota: unknown } | undefined): FastHit => ({
      kind: 'hit',
      body: OperationAnswers.hitBody(entry, cost),
      headers: this.answers.hitHeaders(entry),
    });
    return this.quota ? whenKnown(this.quota.remaining(caller), (quota) => served(this.costOf(quota))) : served(undefined);
  }

  /** The cost of a hit showing `quota`: one object per state the quota reads, so its hit body is spelt once (hitBody). */
  private costOf(quota: object): { quota: unknown } {
    let cost = this.costs.get(quota);
    if (cost === undefined) {
      cost = { quota };
      this.costs.set(quota, cost);
    }
    return cost;
  }

  /** The caching headers of `answer` (as served: provenance and cost added), kept for `lifetime` when it may be. */
  after(before: FastHit | FastMiss | undefined, answer: ExecutionResult, lifetime: Lifetime): CachingHeaders {
    return before?.kind === 'miss' ? this.answers.settle(before.planned, answer, lifetime) : NO_STORE;
  }
}
