/**
 * Yoga plugin: `extensions.cost` on every GraphQL answer that executed and reached a vendor (or
 * whose caller has a quota), so a caller sees what its request spent (upstream calls per vendor,
 * C's paid lookups, cache hits) and what its daily quota has left per vendor, without asking anywhere else.
 */
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { CostMeter } from './cost.js';
import type { CallerQuota } from './quota.js';

export interface CostOptions {
  /** The request's meter (`CostMeters.of`), started by the context factory. */
  meterOf(request: Request): CostMeter | undefined;
  /** When given, `extensions.cost.quota` shows the caller's remaining daily quota per vendor. */
  quota?: CallerQuota | undefined;
}

function isExecutionResult(result: unknown): result is ExecutionResult {
  return typeof result === 'object' && result !== null && !(Symbol.asyncIterator in result) && !Array.isArray(result);
}

/**
 * `result` with `extensions.cost` when the request reached a vendor or its cache: the step of a
 * gateway without quotas, shared by the plugin and the fast path (http/fast-path.ts).
 */
export function withCost<T extends ExecutionResult>(result: T, meter: CostMeter): T {
  const summary = meter.summary();
  // An answer that reached no vendor spent nothing to report.
  if (Object.keys(summary.calls).length === 0 && Object.keys(summary.cacheHits).length === 0) return result;
  return { ...result, extensions: { ...result.extensions, cost: summary } };
}

/** The plugin. */
export function useCost({ meterOf, quota }: CostOptions): Plugin {
  return {
    async onResultProcess({ request, result, setResult }) {
      const meter = meterOf(request);
      if (!meter || !isExecutionResult(result)) return;
      if (!quota) {
        const answered = withCost(result, meter);
        if (answered !== result) setResult(answered);
        return;
      }
      // With a quota every answer shows what is left of it, whatever it spent.
      const cost = { ...meter.summary(), quota: await quota.remaining(meter.caller) };
      setResult({ ...result, extensions: { ...result.extensions, cost } });
    },
  };
}
