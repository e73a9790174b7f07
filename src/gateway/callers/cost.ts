/**
 * What a request cost, counted where the cost is known: the upstream client records each
 * exchange it sends (and each answer the shared cache gave instead) on the request's meter;
 * `useCost` shows the total as `extensions.cost`, and the counters below add it up per caller
 * tier for Prometheus. Tiers, never caller ids, label the series: a handful of tiers keep the
 * series bounded, and ids would put callers' identities into the metrics store.
 */
import type { ExecutionResult } from 'graphql';
import { Counter, type Registry } from 'prom-client';
import type { UpstreamName } from '../config.js';
import type { Caller } from './caller.js';
import type { CallerQuota } from './quota.js';
import { type AtOnce, whenKnown } from '../shared/at-once.js';
import { withExtension } from '../shared/execution-result.js';
import { withFields } from '../shared/with-fields.js';

/** What one request spent, per upstream. */
export interface CostSummary {
  /** Exchanges sent to each upstream. */
  calls: Partial<Record<UpstreamName, number>>;
  /** C's paid lookups among those calls (quota-units.ts). */
  paidLookups: number;
  /** Answers the shared cache gave instead of a call. */
  cacheHits: Partial<Record<UpstreamName, number>>;
}

/** The series per caller tier: `gateway_caller_upstream_calls_total{tier,upstream}` and `gateway_caller_paid_lookups_total{tier}`. */
export interface CallerMetrics {
  calls: Counter<'tier' | 'upstream'>;
  paidLookups: Counter<'tier'>;
}

/** Registers the callers' counters on a gateway's registry (ops/metrics.ts's `GatewayMetrics.registry`). */
export function registerCallerMetrics(registry: Registry): CallerMetrics {
  const registers = [registry];
  return {
    calls: new Counter({
      name: 'gateway_caller_upstream_calls_total',
      help: 'Upstream calls sent on behalf of callers, by caller tier and upstream (cache hits excluded)',
      labelNames: ['tier', 'upstream'],
      registers,
    }),
    paidLookups: new Counter({
      name: 'gateway_caller_paid_lookups_total',
      help: 'Paid lookups at the address interface (C) on behalf of callers, by caller tier',
      labelNames: ['tier'],
      registers,
    }),
  };
}

/** One request's meter. */
export class CostMeter {
  private readonly calls: Partial<Record<UpstreamName, number>> = {};
  private readonly cacheHits: Partial<Record<UpstreamName, number>> = {};
  private paidLookups = 0;

  constructor(
    readonly caller: Caller,
    private readonly metrics?: CallerMetrics,
  ) {}

  /** One exchange sent to `upstream` (`cached: false`), or one answer the cache gave instead (`cached: true`). */
  record(upstream: UpstreamName, { cached, paid }: { cached: boolean; paid: boolean }): void {
    if (cached) {
      this.cacheHits[upstream] = (this.cacheHits[upstream] ?? 0) + 1;
      return;
    }
    this.calls[upstream] = (this.calls[upstream] ?? 0) + 1;
    this.metrics?.calls.inc({ tier: this.caller.tier, upstream });
    if (!paid) return;
    this.paidLookups += 1;
    this.metrics?.paidLookups.inc({ tier: this.caller.tier });
  }

  summary(): CostSummary {
    return { calls: { ...this.calls }, paidLookups: this.paidLookups, cacheHits: { ...this.cacheHits } };
  }
}

/**
 * The meters of a gateway's requests: each request starts one, and Yoga's context factory files it
 * under its Request, where `useCost` reads it. The fast path keeps its meter with the request's own
 * state and files it only if it hands the request to Yoga.
 */
export class CostMeters {
  private readonly meters = new WeakMap<object, CostMeter>();

  constructor(private readonly metrics?: CallerMetrics) {}

  /** Starts a request's meter for `caller`. */
  start(caller: Caller): CostMeter {
    return new CostMeter(caller, this.metrics);
  }

  /** Files `meter` under `request`, where `of` finds it. */
  attach(request: object, meter: CostMeter): void {
    this.meters.set(request, meter);
  }

  of(request: object): CostMeter | undefined {
    return this.meters.get(request);
  }
}

/**
 * `result` with `extensions.cost`: what the request spent when it reached a vendor or its cache,
 * and with a quota what is left of it, on every answer (at once when the counters are in memory).
 * Run by Yoga's adapter (use-cost.ts) and the fast path alike.
 */
export function withCost<T extends ExecutionResult>(result: T, meter: CostMeter, quota?: CallerQuota): AtOnce<T> {
  const summary = meter.summary();
  // With a quota every answer shows what is left of it, whatever it spent.
  if (quota) return whenKnown(quota.remaining(meter.caller), (left) => withExtension(result, 'cost', withFields(summary, { quota: left })));
  // An answer that reached no vendor spent nothing to report.
  if (Object.keys(summary.calls).length === 0 && Object.keys(summary.cacheHits).length === 0) return result;
  return withExtension(result, 'cost', summary);
}
