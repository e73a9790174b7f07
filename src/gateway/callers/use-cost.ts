/**
 * Yoga plugin: `extensions.cost` on every GraphQL answer that executed and reached a vendor (or
 * whose caller has a quota), so a caller sees what its request spent (upstream calls per vendor,
 * C's paid lookups, cache hits) and what its daily quota has left per vendor, without asking anywhere else.
 */
import type { Plugin } from 'graphql-yoga';
import { isExecutionResult } from '../shared/execution-result.js';
import { type CostMeter, withCost } from './cost.js';
import type { CallerQuota } from './quota.js';

export interface CostOptions {
  /** The request's meter (`CostMeters.of`), started by the context factory. */
  meterOf(request: Request): CostMeter | undefined;
  /** When given, `extensions.cost.quota` shows the caller's remaining daily quota per vendor. */
  quota?: CallerQuota | undefined;
}

/** The plugin. */
export function useCost({ meterOf, quota }: CostOptions): Plugin {
  return {
    async onResultProcess({ request, result, setResult }) {
      const meter = meterOf(request);
      if (!meter || !isExecutionResult(result)) return;
      const answered = await withCost(result, meter, quota);
      if (answered !== result) setResult(answered);
    },
  };
}
