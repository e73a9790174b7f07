import { createSchema, createYoga } from 'graphql-yoga';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import type { Caller } from './caller.js';
import { readCallerLimits } from './caller-limits.js';
import { createCounterStore } from './counter-store.js';
import { CostMeters, registerCallerMetrics } from './cost.js';
import { CallerQuota } from './quota.js';
import { upstreamCharges } from './upstream-charges.js';
import type { UpstreamCharges } from '../upstream/upstream-fetch.js';
import { useCost } from './use-cost.js';
import { quotaDeclarations } from '../config.js';
import { addressInterface } from '../interfaces/address/interface.js';
import { countryDataInterface } from '../interfaces/country-data/interface.js';
import { INTERFACES } from '../interfaces/registry.js';

const C = 'http://127.0.0.1:4103';
const D = 'http://127.0.0.1:4104';
const address = { name: 'address', url: C, vendor: addressInterface.vendor } as const;
const countryData = { name: 'country-data', url: D, vendor: countryDataInterface.vendor } as const;

/** Resolvers doing what the upstream client will: charge each exchange, or record a cache hit. */
const schema = createSchema<{ charges: UpstreamCharges }>({
  typeDefs: 'type Query { lookups: Int }',
  resolvers: {
    Query: {
      async lookups(_root, _args, { charges }) {
        await charges.beforeSend(address, 'GET', `${C}/udprn/0`);
        await charges.beforeSend(address, 'GET', `${C}/postcodes/SW1A2AA`);
        await charges.beforeSend(address, 'GET', `${C}/keys/iddqd`);
        await charges.beforeSend(countryData, 'GET', `${D}/countries/v5`);
        charges.cacheHit('country-data');
        return 3;
      },
    },
  },
});

describe('useCost', () => {
  it("adds the request's calls, paid lookups, cache hits and remaining quota to extensions.cost, and counts them per tier", async () => {
    const registry = new Registry();
    const meters = new CostMeters(registerCallerMetrics(registry));
    const caller: Caller = { id: 'key:cost', scopes: new Set(), tier: 'partner', anonymous: false };
    const quota = new CallerQuota(
      readCallerLimits({ DAILY_QUOTA_ADDRESS: '10' }, quotaDeclarations(INTERFACES)),
      createCounterStore({ logger: silentLogger }),
      () => new Date('2031-02-03T04:05:06Z'),
    );
    const yoga = createYoga({
      schema,
      plugins: [useCost({ meterOf: (request) => meters.of(request), quota })],
      context: ({ request }) => {
        const meter = meters.start(caller);
        meters.attach(request, meter);
        return { charges: upstreamCharges(caller, quota, meter) };
      },
    });
    const response = await yoga.fetch('http://gateway.test/graphql?query={lookups}');
    const body = (await response.json()) as { data: unknown; extensions: Record<string, unknown> };
    expect(body.data).toEqual({ lookups: 3 });
    expect(body.extensions.cost).toEqual({
      calls: { address: 3, 'country-data': 1 },
      paidLookups: 2,
      cacheHits: { 'country-data': 1 },
      quota: { address: { limit: 10, used: 2, remaining: 8, resetsAt: '2031-02-04T00:00:00.000Z' } },
    });
    const metrics = await registry.metrics();
    expect(metrics).toContain('gateway_caller_upstream_calls_total{tier="partner",upstream="address"} 3');
    expect(metrics).toContain('gateway_caller_upstream_calls_total{tier="partner",upstream="country-data"} 1');
    expect(metrics).toContain('gateway_caller_paid_lookups_total{tier="partner"} 2');
    expect(metrics).not.toContain('key:cost');
  });

  it('leaves answers without a meter alone', async () => {
    const yoga = createYoga({
      schema: createSchema({ typeDefs: 'type Query { ping: String }' }),
      plugins: [useCost({ meterOf: () => undefined })],
    });
    const body = (await (await yoga.fetch('http://gateway.test/graphql?query={ping}')).json()) as Record<string, unknown>;
    expect(body).toEqual({ data: { ping: null } });
  });
});
