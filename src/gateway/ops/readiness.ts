/**
 * Readiness: whether this replica should get traffic. Ready means the schema is loaded (a Yoga
 * exists to answer at all), no drain has begun, and every upstream named in READINESS_REQUIRES
 * is ready by the injected provider. Any other upstream's state is reported but does not count:
 * a vendor that is down is down for every replica alike, so taking this one out of rotation
 * would not route around it; it would only pull every replica at once and turn one missing
 * vendor into a whole outage. The default provider asks each upstream a cheap question; another
 * provider (e.g. the circuit breakers' states) can replace it without touching the route.
 */
import type { Plugin } from 'graphql-yoga';
import type { UpstreamName } from '../config.js';
import { READINESS_PATH } from '../http/routes.js';
import type { ResolvedUpstream } from '../upstream/upstream-fetch.js';

export interface UpstreamReadiness {
  ready: boolean;
  /** Why not (or what answered), for the operator reading `/readyz`. */
  reason?: string;
}

/** Per-upstream readiness, by upstream name. */
export type ReadinessProvider = () => Promise<Partial<Record<UpstreamName, UpstreamReadiness>>>;

export interface ProbeOptions {
  /** How long a probe may take before the upstream counts as unready. */
  timeoutMs: number;
  /** How long a probe's outcome is reused. */
  cacheMs: number;
  /** A monotonic millisecond clock; `performance.now` unless a test injects one. */
  now?: () => number;
}

async function probe(upstream: ResolvedUpstream, timeoutMs: number): Promise<UpstreamReadiness> {
  try {
    // Each interface names its cheapest documented GET (its interface.ts: vendor.probePath).
    const response = await fetch(`${upstream.url}${upstream.vendor.probePath(upstream.credentials)}`, {
      headers: upstream.vendor.authHeaders(upstream.credentials),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Only the status matters; drain the body so the connection can be reused.
    await response.arrayBuffer();
    // A 4xx (a key the vendor refuses, say) still proves the upstream answers.
    return response.status < 500 ? { ready: true } : { ready: false, reason: `answered HTTP ${response.status}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (error instanceof DOMException && error.name === 'TimeoutError') return { ready: false, reason: `no answer within ${timeoutMs} ms` };
    return { ready: false, reason: cause instanceof Error ? cause.message : String(cause) };
  }
}

/**
 * The default provider: an upstream is ready when it answered the cheap probe (any status below
 * 500) within the last `cacheMs`. Probes run on demand, at most one in flight per upstream.
 */
export function probeUpstreams(upstreams: readonly ResolvedUpstream[], options: ProbeOptions): ReadinessProvider {
  const now = options.now ?? (() => performance.now());
  const last = new Map<UpstreamName, { at: number; result: UpstreamReadiness }>();
  const inFlight = new Map<UpstreamName, Promise<UpstreamReadiness>>();
  const check = (upstream: ResolvedUpstream): Promise<UpstreamReadiness> => {
    const cached = last.get(upstream.name);
    if (cached && now() - cached.at < options.cacheMs) return Promise.resolve(cached.result);
    const running = inFlight.get(upstream.name);
    if (running) return running;
    const started = probe(upstream, options.timeoutMs).then((result) => {
      last.set(upstream.name, { at: now(), result });
      inFlight.delete(upstream.name);
      return result;
    });
    inFlight.set(upstream.name, started);
    return started;
  };
  return async () => {
    const results = await Promise.all(upstreams.map(async (upstream) => [upstream.name, await check(upstream)] as const));
    return Object.fromEntries(results);
  };
}

export interface ReadinessOptions {
  provider: ReadinessProvider;
  /** True once a drain has begun: the replica must leave the load balancer's rotation at once. */
  isDraining: () => boolean;
  /** READINESS_REQUIRES: the upstreams without which this replica is useless; none unless given. */
  requires?: readonly UpstreamName[];
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

/**
 * The `/readyz` route as a Yoga plugin. 503 while draining, or when a required upstream is not
 * ready (`unready` says which and why); otherwise 200, `degraded` naming any other upstream that
 * is not ready. Every upstream's state is in `upstreams` either way.
 */
export function useReadiness(options: ReadinessOptions): Plugin {
  const requires = new Set<string>(options.requires ?? []);
  return {
    async onRequest({ url, endResponse }) {
      if (url.pathname !== READINESS_PATH) return;
      const upstreams = options.isDraining() ? {} : await options.provider();
      // Checked after the probes too: a drain that began while they ran wins.
      if (options.isDraining()) {
        endResponse(json(503, { status: 'draining' }));
        return;
      }
      const down = Object.entries(upstreams).filter(([, state]) => !state.ready);
      const unready = Object.fromEntries(down.filter(([name]) => requires.has(name)));
      if (Object.keys(unready).length > 0) {
        endResponse(json(503, { status: 'unready', unready, upstreams }));
        return;
      }
      const degraded = down.map(([name]) => name);
      endResponse(json(200, degraded.length === 0 ? { status: 'ready', upstreams } : { status: 'degraded', degraded, upstreams }));
    },
  };
}

/**
 * Readiness from the circuit breakers first: an upstream whose breaker is open is not ready,
 * whatever a probe says; the others are judged by `fallback` (the probes).
 */
export function withBreakerStates(
  states: () => Partial<Record<UpstreamName, 'closed' | 'open' | 'half-open'>>,
  fallback: ReadinessProvider,
): ReadinessProvider {
  return async () => {
    const probed = await fallback();
    const open = Object.entries(states()).filter(([, state]) => state === 'open');
    return {
      ...probed,
      ...Object.fromEntries(open.map(([name]) => [name, { ready: false, reason: 'circuit open: recent calls failed' }])),
    };
  };
}
