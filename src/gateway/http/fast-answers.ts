/**
 * The whole-operation cache as the fast path (fast-path.ts) uses it: `before` execution, a kept
 * answer's bytes and caching headers (a hit: no execution, no vendor) or the key to settle; `after`
 * execution of a miss, the caching headers of the answer as served (kept when it may be). The fast
 * path runs only without identity, so its caller is anonymous; it answers POSTs only, so no 304.
 */
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { Lifetime } from '../cache/answer-lifetime.js';
import { anonymousCaller } from '../callers/caller.js';
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
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Readonly<Record<string, unknown>> | undefined;
  headers: HeaderReader;
}

const NO_STORE: CachingHeaders = { 'cache-control': 'no-store' };

export class FastAnswers {
  constructor(
    private readonly answers: OperationAnswers,
    private readonly schema: GraphQLSchema,
  ) {}

  /** A hit, a miss to settle after execution, or undefined when the operation's answers are never kept. */
  async before(request: FastAnswerRequest): Promise<FastHit | FastMiss | undefined> {
    const planned = this.answers.plan({ ...request, schema: this.schema, caller: anonymousCaller(undefined) });
    if (!planned) return undefined;
    const hit = await this.answers.lookup(planned);
    return hit ? { kind: 'hit', body: OperationAnswers.hitBody(hit), headers: this.answers.hitHeaders(hit) } : { kind: 'miss', planned };
  }

  /** The caching headers of `answer` (as served: provenance and cost added), kept for `lifetime` when it may be. */
  after(before: FastHit | FastMiss | undefined, answer: ExecutionResult, lifetime: Lifetime): CachingHeaders {
    return before?.kind === 'miss' ? this.answers.settle(before.planned, answer, lifetime) : NO_STORE;
  }
}
