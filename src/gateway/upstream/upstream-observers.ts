/**
 * What the upstream layer reports as it works, declared here by the observed side (as live/
 * declares `LiveObserver`) so the metrics that implement it (ops/metrics.ts) depend on the
 * upstream layer, never the reverse.
 */
import type { UpstreamName } from '../config.js';

/** What the upstream transport reports of every HTTP exchange it makes (retries each count). */
export interface UpstreamObserver {
  upstreamExchange(upstream: UpstreamName, method: string, status: number | undefined, seconds: number): void;
}

/** What the upstream client reports of every lookup in the cross-request cache. */
export interface CacheObserver {
  cacheLookup(upstream: UpstreamName, hit: boolean): void;
}
