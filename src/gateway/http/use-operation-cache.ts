/**
 * Yoga plugin: the whole-operation cache (operation-answers.ts) on Yoga's path. The lookup is in
 * `onExecute`, after parsing and validation, and after the plugins listed before it have settled
 * the caller's identity, rate limit and scopes (a refused request never reaches it); a hit stops
 * execution, so no resolver runs and no vendor quota is spent. A clean answer is kept once its
 * result is final (`onResultProcess`, after `useCost`, whose `extensions.cost` is the request's own
 * and left out of what is kept). Every GraphQL answer gets its caching headers (`no-store` when it
 * may not be kept), and a GET whose `If-None-Match` names the answer's ETag gets a 304.
 *
 * List it right after `useCost` in server.ts: later plugins' `onExecute` (compiled execution, the
 * fast path's handover) must not run on a hit, and its `onResultProcess` must see the cost set.
 */
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isExecutionResult, withExtension } from '../shared/execution-result.js';
import { NOT_STORABLE } from '../cache/answer-lifetime.js';
import type { FreshnessRecorder } from '../cache/freshness-recorder.js';
import type { CachedAnswer } from '../cache/operation-cache.js';
import { anonymousCaller, type Caller } from '../callers/caller.js';
import { type CachingHeaders, hitCost, OperationAnswers, type PlannedAnswer } from './operation-answers.js';

export interface OperationCacheOptions {
  answers: OperationAnswers;
  /** The caller `useCallerIdentity` settled; anonymous when absent. */
  callerOf(request: Request): Caller | undefined;
}

interface RequestState {
  planned?: PlannedAnswer;
  hit?: CachedAnswer;
  freshness?: FreshnessRecorder | undefined;
  headers?: CachingHeaders;
}

/** What the plugin reads of the context: the request, and the recorder of its upstream answers' lifetimes (context.ts). */
interface CacheContext {
  request: Request;
  freshness?: FreshnessRecorder | undefined;
}

const NO_STORE_HEADERS: CachingHeaders = { 'cache-control': 'no-store' };

/** The plugin. */
export function useOperationCache({ answers, callerOf }: OperationCacheOptions): Plugin<CacheContext> {
  const states = new WeakMap<Request, RequestState>();
  return {
    onParams({ request }) {
      states.set(request, {});
    },
    async onExecute({ args, setResultAndStopExecution }) {
      const { request, freshness } = args.contextValue;
      const state = states.get(request);
      const operation = getOperationAST(args.document, args.operationName);
      if (!state || !operation) return;
      const planned = answers.plan({
        schema: args.schema,
        document: args.document,
        operation,
        variables: args.variableValues ?? undefined,
        caller: callerOf(request) ?? anonymousCaller(undefined),
        headers: request.headers,
      });
      if (!planned) return;
      state.planned = planned;
      state.freshness = freshness;
      const hit = await answers.lookup(planned);
      if (!hit) return;
      state.hit = hit;
      setResultAndStopExecution(OperationAnswers.hitResult(hit));
    },
    onResultProcess({ request, result, setResult, setResultProcessor, acceptableMediaTypes }) {
      const state = states.get(request);
      if (!state) return;
      if (!isExecutionResult(result)) {
        state.headers = NO_STORE_HEADERS;
        return;
      }
      if (state.hit) {
        // The cost step may have put the caller's quota in its place; it is kept, marked as a hit.
        setResult(withExtension(result, 'cost', hitCost(result.extensions?.['cost'])));
        state.headers = answers.hitHeaders(state.hit);
      } else {
        state.headers = answers.settle(state.planned, result, state.freshness?.lifetime() ?? NOT_STORABLE);
      }
      const headers = state.headers;
      if (OperationAnswers.notModified(request.method, request.headers.get('if-none-match'), headers)) {
        setResultProcessor(
          (_result, fetchAPI) => new fetchAPI.Response(null, { status: 304, headers }),
          acceptableMediaTypes[0] ?? 'application/json',
        );
      }
    },
    onResponse({ request, response }) {
      const state = states.get(request);
      if (!state || response.status === 304) return;
      const headers = state.headers ?? NO_STORE_HEADERS;
      // Vary is appended: CORS has its own (Origin) on the same answer.
      for (const [name, value] of Object.entries(headers)) {
        if (name === 'vary') response.headers.append(name, value);
        else response.headers.set(name, value);
      }
    },
  };
}
