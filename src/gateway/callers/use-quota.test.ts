import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { readCallerLimits } from './caller-limits.js';
import { createCounterStore } from './counter-store.js';
import { CallerQuota } from './quota.js';
import { CallerRateLimit } from './rate-limit.js';
import { useQuota } from './use-quota.js';
import { useRateLimit } from './use-rate-limit.js';
import { quotaDeclarations } from '../config.js';
import { INTERFACES } from '../interfaces/registry.js';
import { METERED_SCHEMA as schema, TEST_CALLER_HEADER, testCallerOf as callerOf } from '../../../test/support/metered-schema.js';

function gateway(env: Record<string, string>) {
  const settings = readCallerLimits(env, quotaDeclarations(INTERFACES));
  const store = createCounterStore({ logger: silentLogger });
  const quota = new CallerQuota(settings, store, () => new Date('2031-06-01T18:00:00Z'));
  const yoga = createYoga({
    schema,
    plugins: [useRateLimit({ callerOf, rateLimit: new CallerRateLimit(settings, store) }), useQuota({ callerOf, quota })],
  });
  return (caller: string | undefined, query: string) =>
    yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(caller ? { [TEST_CALLER_HEADER]: caller } : {}) },
      body: JSON.stringify({ query }),
    });
}

const THREE_LOOKUPS = '{ a: addressByUdprn(udprn: 1) b: addressByUdprn(udprn: 2) c: addressByUdprn(udprn: 3) }';

describe('useQuota', () => {
  it("refuses an operation whose estimate passes the caller's daily quota, before it executes, naming both limits", async () => {
    const send = gateway({ DAILY_QUOTA_ADDRESS: '2' });
    // Key checks are free: any number of them fits a quota of paid lookups.
    expect((await send('key:q', '{ a: apiKey(key: "x") b: apiKey(key: "y") c: apiKey(key: "z") }')).status).toBe(200);
    expect((await send('key:q', '{ a: addressByUdprn(udprn: 1) b: addressByUdprn(udprn: 2) }')).status).toBe(200);
    const refused = await send('key:q', THREE_LOOKUPS);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('21600');
    expect(refused.headers.get('ratelimit-policy')).toBe('"address-daily";q=2;w=86400, "default";q=600;w=60');
    expect(refused.headers.get('ratelimit')).toMatch(/^"address-daily";r=2;t=21600, "default";r=59\d;t=\d+$/);
    const body = (await refused.json()) as { data?: unknown; errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]?.message).toBe(
      'address: this operation needs at least 3 paid lookups, and this caller has 2 of its daily quota of 2 left; it resets at 2031-06-02T00:00:00.000Z.',
    );
    expect(body.errors[0]?.extensions).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      upstream: 'address',
      limit: { quota: 2, unit: 'paid lookup' },
    });
  });

  it('checks nothing for a request without a caller', async () => {
    const send = gateway({ DAILY_QUOTA_ADDRESS: '2' });
    expect((await send(undefined, THREE_LOOKUPS)).status).toBe(200);
  });
});
