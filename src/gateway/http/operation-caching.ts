/**
 * The whole-operation cache of one gateway, made in one call for server.ts: the cache (in memory,
 * behind the shared store when there is one, reporting to the metrics) and the driver-facing
 * `answers` that the fast path calls and Yoga's plugin (use-operation-cache.ts) is given.
 */
import { OperationCache } from '../cache/operation-cache.js';
import type { SharedStore } from '../cache/shared-store.js';
import { CALLER_CREDENTIAL_HEADERS } from '../callers/static-keys.js';
import { clientCredentialHeaders, credentialReader } from '../live/live-poller.js';
import type { GatewayMetrics } from '../ops/metrics.js';
import type { ResolvedUpstream } from '../upstream/upstream-fetch.js';
import { OperationAnswers } from './operation-answers.js';

export interface OperationCachingOptions {
  /** OPERATION_CACHE_MAX_BYTES (positive; the gateway makes none for 0). */
  maxBytes: number;
  upstreams: readonly ResolvedUpstream[];
  sharedStore?: SharedStore | undefined;
  metrics?: GatewayMetrics | undefined;
  now?: () => number;
}

export interface OperationCaching {
  answers: OperationAnswers;
  cache: OperationCache;
}

/** Every request header that can change an answer: the caller's identity and its own vendor keys. */
function varyOn(upstreams: readonly ResolvedUpstream[]): string[] {
  return [...new Set([...CALLER_CREDENTIAL_HEADERS, ...clientCredentialHeaders(upstreams)])];
}

export function operationCaching(options: OperationCachingOptions): OperationCaching {
  const cache = new OperationCache({
    maxBytes: options.maxBytes,
    shared: options.sharedStore,
    observer: options.metrics?.operationCache,
    now: options.now,
  });
  options.metrics?.operationCache.watch(cache);
  const answers = new OperationAnswers({
    cache,
    credentials: credentialReader(options.upstreams),
    varyOn: varyOn(options.upstreams),
    now: options.now,
  });
  return { answers, cache };
}
