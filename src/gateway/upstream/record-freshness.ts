/**
 * The upstream step that tells a request's freshness recorder (cache/freshness-recorder.ts) the
 * lifetime of every answer the request used: a cached one by the time it has left in the
 * response cache, any other by its own headers, the interface's declared lifetime (its
 * slowly-changing paths and CACHE_TTL_SECONDS) standing in where the vendor states none.
 */
import { answerLifetime, NOT_STORABLE } from '../cache/answer-lifetime.js';
import type { ResponseCache } from './response-cache.js';
import type { UpstreamMiddleware } from './upstream-fetch.js';

/** The step; `cache` is the gateway's response cache, absent when CACHE_TTL_SECONDS is 0. */
export function recordFreshness(cache: ResponseCache | undefined, now: () => number = Date.now): UpstreamMiddleware {
  return (next) => (call) => {
    const record = call.request.freshness?.record;
    if (!record) return next(call);
    return next(call).then(
      (answer) => {
        const remaining = cache?.remainingMs(answer);
        if (remaining !== undefined) {
          record({ ttlMs: remaining, shared: true, private: false });
        } else {
          const slowly = cache !== undefined && call.upstream.vendor.slowlyChanging?.test(new URL(call.url).pathname) === true;
          record(
            answerLifetime({ method: call.method, status: answer.status, headers: answer.headers }, slowly ? cache.defaultTtlMs : 0, now),
          );
        }
        return answer;
      },
      (error: unknown) => {
        // A resolver may turn a failure into a null; the answer built on it must not outlive the request.
        record(NOT_STORABLE);
        throw error;
      },
    );
  };
}
