/**
 * What the upstream client does per exchange on the caller's account: before sending, spend the
 * caller's daily quota at that vendor (a refusal means the call is not sent) and record the call
 * on the request's cost meter; for an answer the shared cache gave, record a hit and spend nothing,
 * since the vendor was not asked.
 */
import { whenKnown } from '../shared/at-once.js';
import type { Caller } from './caller.js';
import type { CostMeter } from './cost.js';
import type { CallerQuota } from './quota.js';
import { isPaidLookup, pathBelow, quotaUnits } from './quota-units.js';
import type { UpstreamCharges } from '../upstream/upstream-fetch.js';

/** The charges of one request by `caller`; either part may be off (no quota configured, no meter). */
export function upstreamCharges(caller: Caller, quota: CallerQuota | undefined, meter: CostMeter | undefined): UpstreamCharges {
  return {
    beforeSend({ name, url: baseUrl, vendor }, method, url) {
      const path = pathBelow(baseUrl, url);
      const record = (): void => meter?.record(name, { cached: false, paid: isPaidLookup(vendor.quota, method, path) });
      if (!quota) return void record();
      return whenKnown(quota.spend(caller, name, quotaUnits(vendor.quota, method, path)), record);
    },
    cacheHit(upstream) {
      meter?.record(upstream, { cached: true, paid: false });
    },
  };
}
