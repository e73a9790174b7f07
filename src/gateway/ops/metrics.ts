/**
 * Prometheus metrics of one gateway (prom-client): GraphQL operations by name and outcome with
 * their durations, errors by code, upstream requests by upstream, method and status class with
 * their durations, response-cache lookups, circuit-breaker state per upstream, in-flight requests
 * live data's keys, subscribers, polls and events (sent or suppressed as unchanged), and the
 * process's own figures. Each gateway has its own registry, so several gateways in one
 * process (tests, embedding) never collide on a metric name.
 *
 * prom-client directly rather than the Envelop/Yoga Prometheus plugin: that plugin measures
 * parse/validate/execute phases with labels of its own, while operators here asked for the
 * request outcome the request log already settles, and for upstream and breaker series, which
 * no GraphQL plugin can see.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { UpstreamName } from '../config.js';
import type { RequestOutcome } from '../http/request-log.js';
import type { BreakerState } from '../upstream/upstream-transport.js';
import type { CacheObserver, UpstreamObserver } from '../upstream/upstream-observers.js';
import type { LiveObserver } from '../live/poll-registry.js';
import type { LiveEventObserver } from '../live/use-live-events.js';
import { OperationCacheMetrics } from './operation-cache-metrics.js';
import { ScrapeTally } from './scrape-tally.js';

const BREAKER_VALUES: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/** Operation names come from clients: anything that is not a plain, short GraphQL name is "other", to bound the series. */
export function operationLabel(name: string | undefined): string {
  if (!name) return 'anonymous';
  return /^[_A-Za-z][_0-9A-Za-z]{0,63}$/.test(name) ? name : 'other';
}

function statusClass(status: number | undefined): string {
  return status === undefined ? 'error' : `${Math.floor(status / 100)}xx`;
}

export class GatewayMetrics implements UpstreamObserver, CacheObserver, LiveObserver, LiveEventObserver {
  readonly registry = new Registry();
  readonly inFlight: Gauge;
  private readonly operations: Counter<'operation' | 'outcome'>;
  private readonly fastPathRuns: Counter<'result'>;
  private readonly operationSeconds: Histogram<'operation'>;
  private readonly errors: Counter<'code'>;
  private readonly upstreamRequests: Counter<'upstream' | 'method' | 'status_class'>;
  private readonly upstreamSeconds: Histogram<'upstream' | 'method'>;
  private readonly cacheLookups: Counter<'upstream' | 'result'>;
  private readonly liveKeyCount: Gauge;
  private readonly liveSubscriberCount: Gauge;
  private readonly livePolls: Counter<'upstream' | 'outcome'>;
  private readonly liveEvents: Counter<'upstream' | 'result'>;
  /** Counted per request, added to their counters at each read (scrape-tally.ts). */
  private readonly operationTally = new ScrapeTally('operation', 'outcome');
  private readonly fastPathTally = new ScrapeTally('result');
  /** The whole-operation cache's series: pass it as the cache's observer, and `watch` the cache. */
  readonly operationCache: OperationCacheMetrics;

  /** `breakerStates` is read at every scrape, so the gauge is never stale. */
  constructor(breakerStates?: () => Partial<Record<UpstreamName, BreakerState>>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.inFlight = new Gauge({ name: 'gateway_http_requests_in_flight', help: 'GraphQL requests being served', registers });
    const { operationTally, fastPathTally } = this;
    this.operations = new Counter({
      name: 'gateway_graphql_operations_total',
      help: 'GraphQL operations by operation name and outcome (ok, partial, refused, failed)',
      labelNames: ['operation', 'outcome'],
      registers,
      collect() {
        operationTally.foldInto(this);
      },
    });
    this.fastPathRuns = new Counter({
      name: 'gateway_fast_path_operations_total',
      help: 'Operations the request fast path ran: answered itself (answered) or, with errors, handed to Yoga to answer (handed_over)',
      labelNames: ['result'],
      registers,
      collect() {
        fastPathTally.foldInto(this);
      },
    });
    this.operationSeconds = new Histogram({
      name: 'gateway_graphql_operation_duration_seconds',
      help: 'Time from request to result, by operation name',
      labelNames: ['operation'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.errors = new Counter({
      name: 'gateway_graphql_errors_total',
      help: 'GraphQL errors by extensions.code',
      labelNames: ['code'],
      registers,
    });
    this.upstreamRequests = new Counter({
      name: 'gateway_upstream_requests_total',
      help: 'HTTP exchanges with upstreams by upstream, method and status class (error = no answer)',
      labelNames: ['upstream', 'method', 'status_class'],
      registers,
    });
    this.upstreamSeconds = new Histogram({
      name: 'gateway_upstream_request_duration_seconds',
      help: 'Duration of one HTTP exchange with an upstream, body included',
      labelNames: ['upstream', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.cacheLookups = new Counter({
      name: 'gateway_cache_lookups_total',
      help: 'Cross-request cache lookups of slowly changing upstream data, by upstream and result (hit, miss)',
      labelNames: ['upstream', 'result'],
      registers,
    });
    this.liveKeyCount = new Gauge({ name: 'gateway_live_keys', help: 'Distinct live keys this process polls or relays', registers });
    this.liveSubscriberCount = new Gauge({
      name: 'gateway_live_subscribers',
      help: 'Open subscriptions following a live key in this process',
      registers,
    });
    this.livePolls = new Counter({
      name: 'gateway_live_polls_total',
      help: 'Live polls by upstream and outcome (ok, error; relayed = a value another replica polled)',
      labelNames: ['upstream', 'outcome'],
      registers,
    });
    this.liveEvents = new Counter({
      name: 'gateway_live_events_total',
      help: 'Subscription events by the upstream followed and result (sent, unchanged = suppressed: nothing the subscriber selected changed)',
      labelNames: ['upstream', 'result'],
      registers,
    });
    this.operationCache = new OperationCacheMetrics(this.registry, operationLabel);
    new Gauge({
      name: 'gateway_upstream_circuit_state',
      help: 'Circuit breaker per upstream: 0 closed, 1 half-open, 2 open',
      labelNames: ['upstream'],
      registers,
      collect() {
        if (!breakerStates) return;
        for (const [upstream, state] of Object.entries(breakerStates())) if (state) this.set({ upstream }, BREAKER_VALUES[state]);
      },
    });
  }

  operation(name: string | undefined, outcome: RequestOutcome, seconds: number, codes: readonly string[]): void {
    const operation = operationLabel(name);
    this.operationTally.add(operation, outcome);
    this.operationSeconds.observe({ operation }, seconds);
    for (const code of codes) this.errors.inc({ code });
  }

  /** One operation run by the fast path (http/fast-path.ts); its outcome is counted by `operation` like any other. */
  fastPathRun(result: 'answered' | 'handed_over'): void {
    this.fastPathTally.add(result);
  }

  upstreamExchange(upstream: UpstreamName, method: string, status: number | undefined, seconds: number): void {
    this.upstreamRequests.inc({ upstream, method, status_class: statusClass(status) });
    this.upstreamSeconds.observe({ upstream, method }, seconds);
  }

  cacheLookup(upstream: UpstreamName, hit: boolean): void {
    this.cacheLookups.inc({ upstream, result: hit ? 'hit' : 'miss' });
  }

  liveKeys(count: number): void {
    this.liveKeyCount.set(count);
  }

  liveSubscribers(count: number): void {
    this.liveSubscriberCount.set(count);
  }

  livePoll(upstream: UpstreamName, outcome: 'ok' | 'error' | 'relayed'): void {
    this.livePolls.inc({ upstream, outcome });
  }

  liveEvent(upstream: string, sent: boolean): void {
    this.liveEvents.inc({ upstream, result: sent ? 'sent' : 'unchanged' });
  }
}
