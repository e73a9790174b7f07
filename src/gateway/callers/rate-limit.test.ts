import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { anonymousCaller, type Caller } from './caller.js';
import { readCallerLimits } from './caller-limits.js';
import { createCounterStore } from './counter-store.js';
import { CallerRateLimit } from './rate-limit.js';
import { limitHeaders } from './rate-limit-headers.js';
import { UPSTREAM_VARIABLES } from '../config.js';

// In memory: nothing to close.
const store = createCounterStore({ logger: silentLogger });

const caller = (id: string, tier = 'standard'): Caller => ({ id, scopes: new Set(), tier, anonymous: false });

describe('CallerRateLimit (in memory)', () => {
  it('lets a caller limited to 10 a minute make 10 requests, refuses the 11th, and leaves other callers alone', async () => {
    const limit = new CallerRateLimit(readCallerLimits({ RATE_LIMIT_PER_MINUTE: '10' }, UPSTREAM_VARIABLES), store);
    const decisions = [];
    for (let request = 0; request < 11; request += 1) decisions.push(await limit.consume(caller('key:a')));
    expect(decisions.slice(0, 10).every((decision) => decision?.allowed)).toBe(true);
    expect(decisions.map((decision) => decision?.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);
    expect(decisions[10]).toMatchObject({ allowed: false, limit: 10, remaining: 0, windowSeconds: 60 });
    expect(decisions[10]?.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(decisions[10]?.resetSeconds).toBeLessThanOrEqual(60);
    expect(await limit.consume(caller('key:b'))).toMatchObject({ allowed: true, remaining: 9 });
  });

  it('counts anonymous callers per address, under the anonymous tier', async () => {
    const limit = new CallerRateLimit(readCallerLimits({ RATE_LIMIT_PER_MINUTE_ANONYMOUS: '1' }, UPSTREAM_VARIABLES), store);
    expect(await limit.consume(anonymousCaller('198.51.100.1'))).toMatchObject({ allowed: true, limit: 1 });
    expect(await limit.consume(anonymousCaller('198.51.100.1'))).toMatchObject({ allowed: false });
    expect(await limit.consume(anonymousCaller('198.51.100.2'))).toMatchObject({ allowed: true });
  });

  it("takes a caller's own limit over its tier's, and none at all when the limit is 0", async () => {
    const limit = new CallerRateLimit(readCallerLimits({ RATE_LIMIT_PER_MINUTE: '0' }, UPSTREAM_VARIABLES), store);
    expect(await limit.consume(caller('key:unlimited'))).toBeUndefined();
    expect(await limit.consume({ ...caller('key:own'), limits: { ratePerMinute: 2 } })).toMatchObject({ allowed: true, limit: 2 });
  });
});

describe('limitHeaders', () => {
  it('writes the structured-field form of draft-ietf-httpapi-ratelimit-headers', () => {
    const policy = { name: 'default', quota: 100, windowSeconds: 60, remaining: 42, resetSeconds: 17 };
    expect(limitHeaders(policy, false)).toEqual({ 'RateLimit-Policy': '"default";q=100;w=60', RateLimit: '"default";r=42;t=17' });
    expect(limitHeaders({ ...policy, remaining: 0 }, true)).toMatchObject({ RateLimit: '"default";r=0;t=17', 'Retry-After': '17' });
  });
});
