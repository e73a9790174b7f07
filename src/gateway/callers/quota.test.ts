import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import type { Caller } from './caller.js';
import { readCallerLimits } from './caller-limits.js';
import { type CounterStore, createCounterStore } from './counter-store.js';
import { CostMeter } from './cost.js';
import { CallerQuota } from './quota.js';
import { isPaidLookup, pathBelow } from './quota-units.js';
import { upstreamCharges } from './upstream-charges.js';
import { quotaDeclarations } from '../config.js';
import { whenKnown } from '../shared/at-once.js';
import { addressInterface } from '../interfaces/address/interface.js';
import { countryDataInterface } from '../interfaces/country-data/interface.js';
import { INTERFACES } from '../interfaces/registry.js';

const C = 'https://api.ideal-postcodes.test/v1';
const caller = (id: string): Caller => ({ id, scopes: new Set(), tier: 'standard', anonymous: false });

/** A clock the test moves; the calendar the test runs on never matters. */
function testClock(iso: string): { now: () => Date; set(next: string): void } {
  let current = new Date(iso);
  return {
    now: () => current,
    set(next) {
      current = new Date(next);
    },
  };
}

/** What the upstream client does per call, with a counter standing in for the vendor. */
function fakeUpstream(quota: CallerQuota, who: Caller) {
  const sent: string[] = [];
  const charges = upstreamCharges(who, quota, new CostMeter(who));
  return {
    sent,
    async call(method: string, path: string): Promise<void> {
      await charges.beforeSend({ name: 'address', url: C, vendor: addressInterface.vendor }, method, `${C}${path}?api_key=ak_test`);
      sent.push(`${method} ${path}`);
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<GraphQLError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GraphQLError)) throw new Error('expected a GraphQLError');
  return error;
}

describe('CallerQuota (in memory)', () => {
  it('lets a caller with 5 paid C lookups a day make 5, refuses the 6th before it is sent, and resets at midnight UTC', async () => {
    const clock = testClock('2031-03-14T23:59:00Z');
    const quota = new CallerQuota(
      readCallerLimits({ DAILY_QUOTA_ADDRESS: '5' }, quotaDeclarations(INTERFACES)),
      createCounterStore({ logger: silentLogger }),
      clock.now,
    );
    const upstream = fakeUpstream(quota, caller('key:c5'));
    for (const path of ['/postcodes/SW1A2AA', '/udprn/0', '/umprn/0', '/addresses', '/autocomplete/addresses/paf_1/gbr']) {
      await upstream.call('GET', path);
    }
    // Free operations spend nothing, even with the quota used up.
    await upstream.call('GET', '/autocomplete/addresses');
    await upstream.call('GET', '/keys/ak_test');
    const error = await refusal(upstream.call('POST', '/cleanse/addresses'));
    expect(upstream.sent).toHaveLength(7);
    expect(error.message).toBe("address: this caller's daily quota of 5 paid lookups is used up; it resets at 2031-03-15T00:00:00.000Z.");
    expect(error.extensions).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      upstream: 'address',
      limit: { policy: 'address-daily', quota: 5, unit: 'paid lookup', windowSeconds: 86400, remaining: 0, resetSeconds: 60 },
    });
    expect(error.extensions.http).toBeUndefined();
    expect(await quota.remaining(caller('key:c5'))).toEqual({
      address: { limit: 5, used: 5, remaining: 0, resetsAt: '2031-03-15T00:00:00.000Z' },
    });

    clock.set('2031-03-15T00:00:01Z');
    await upstream.call('POST', '/cleanse/addresses');
    expect(upstream.sent).toHaveLength(8);
    expect((await quota.remaining(caller('key:c5'))).address).toMatchObject({ used: 1, remaining: 4 });
  });

  it('counts each caller apart and spends at vendors without a quota nothing', async () => {
    const quota = new CallerQuota(
      readCallerLimits({ DAILY_QUOTA_CRYPTO: '1' }, quotaDeclarations(INTERFACES)),
      createCounterStore({ logger: silentLogger }),
      () => new Date('2031-01-01T12:00:00Z'),
    );
    // Counted in memory and left: spent at once, nothing for the call to wait for.
    expect(quota.spend(caller('key:x'), 'crypto-analytics', 1)).toBeUndefined();
    await expect(quota.spend(caller('key:x'), 'crypto-analytics', 1)).rejects.toThrow(
      "crypto-analytics: this caller's daily quota of 1 call is used up",
    );
    await quota.spend(caller('key:y'), 'crypto-analytics', 1);
    for (let call = 0; call < 5; call += 1) await quota.spend(caller('key:x'), 'country-data', 1);
    expect(await quota.remaining(caller('key:x'))).toEqual({
      'crypto-analytics': { limit: 1, used: 1, remaining: 0, resetsAt: '2031-01-02T00:00:00.000Z' },
    });
  });

  it('refuses an estimate larger than what is left with HTTP 429 and the quota as a RateLimit policy, spending nothing', async () => {
    const quota = new CallerQuota(
      readCallerLimits({ DAILY_QUOTA_ADDRESS: '5' }, quotaDeclarations(INTERFACES)),
      createCounterStore({ logger: silentLogger }),
      () => new Date('2031-01-01T23:00:00Z'),
    );
    await quota.spend(caller('key:e'), 'address', 3);
    expect(await quota.refusal(caller('key:e'), { declared: { address: 2, 'country-data': 40 }, operations: [] })).toBeUndefined();
    const error = await quota.refusal(caller('key:e'), {
      declared: { address: 1 },
      operations: [
        { upstream: 'address', method: 'GET', path: '/udprn/0' },
        { upstream: 'address', method: 'GET', path: '/umprn/0' },
        { upstream: 'address', method: 'GET', path: '/keys/iddqd' },
      ],
    });
    if (!(error instanceof GraphQLError)) throw new Error('expected a GraphQLError');
    expect(error.message).toBe(
      'address: this operation needs at least 3 paid lookups, and this caller has 2 of its daily quota of 5 left; it resets at 2031-01-02T00:00:00.000Z.',
    );
    expect(error.extensions.http).toEqual({
      status: 429,
      headers: { 'RateLimit-Policy': '"address-daily";q=5;w=86400', RateLimit: '"address-daily";r=2;t=3600', 'Retry-After': '3600' },
    });
    expect((await quota.remaining(caller('key:e'))).address?.used).toBe(3);
  });
});

describe("a caller's quota left", () => {
  it('is the same frozen state while nothing in it changes, and a new one once a spend, a new day or another caller does', async () => {
    const clock = testClock('2031-03-14T23:58:00Z');
    const quota = new CallerQuota(
      readCallerLimits({ DAILY_QUOTA_ADDRESS: '5', DAILY_QUOTA_COUNTRY: '9' }, quotaDeclarations(INTERFACES)),
      createCounterStore({ logger: silentLogger }),
      clock.now,
    );
    const who = caller('key:same');
    const first = await quota.remaining(who);
    expect(first).toEqual({
      address: { limit: 5, used: 0, remaining: 5, resetsAt: '2031-03-15T00:00:00.000Z' },
      'country-data': { limit: 9, used: 0, remaining: 9, resetsAt: '2031-03-15T00:00:00.000Z' },
    });
    expect(Object.isFrozen(first) && Object.isFrozen(first.address)).toBe(true);
    clock.set('2031-03-14T23:59:00Z');
    expect(await quota.remaining(who)).toBe(first);
    expect(await quota.remaining(caller('key:other'))).not.toBe(first);

    await fakeUpstream(quota, who).call('GET', '/postcodes/SW1A2AA');
    const spent = await quota.remaining(who);
    expect(spent).not.toBe(first);
    expect(spent.address).toEqual({ limit: 5, used: 1, remaining: 4, resetsAt: '2031-03-15T00:00:00.000Z' });
    expect(await quota.remaining(who)).toBe(spent);

    clock.set('2031-03-15T00:00:01Z');
    const nextDay = await quota.remaining(who);
    expect(nextDay).not.toBe(spent);
    expect(nextDay.address).toEqual({ limit: 5, used: 0, remaining: 5, resetsAt: '2031-03-16T00:00:00.000Z' });
  });
});

describe("a caller's quota kept current", () => {
  /** The in-memory store, counting the reads its counters answer. */
  function countingStore(): { store: CounterStore; reads: () => number } {
    const inner = createCounterStore({ logger: silentLogger });
    let reads = 0;
    const store: CounterStore = {
      shared: inner.shared,
      close: () => inner.close(),
      counter: (name, points, seconds) =>
        whenKnown(inner.counter(name, points, seconds), (counter) => ({
          take: (key, taken) => counter.take(key, taken),
          read: (key) => {
            reads += 1;
            return counter.read(key);
          },
        })),
    };
    return { store, reads: () => reads };
  }

  it('reads no counter after a spend, and says what a fresh read of the counters says', async () => {
    const settings = readCallerLimits({ DAILY_QUOTA_ADDRESS: '3', DAILY_QUOTA_COUNTRY: '9' }, quotaDeclarations(INTERFACES));
    const { store, reads } = countingStore();
    const quota = new CallerQuota(settings, store, () => new Date('2031-06-01T10:00:00Z'));
    const who = caller('key:kept');
    await quota.remaining(who);
    const before = reads();
    const paid = { declared: { address: 1 }, operations: [] };
    for (let call = 0; call < 3; call += 1) {
      expect(await quota.refusal(who, paid)).toBeUndefined();
      await quota.spend(who, 'address', 1);
    }
    expect(await quota.refusal(who, paid)).toBeInstanceOf(GraphQLError);
    await expect(quota.spend(who, 'address', 1)).rejects.toThrow('is used up');
    const kept = await quota.remaining(who);
    expect(reads()).toBe(before);
    // Another quota over the same counters has read nothing yet: it reads them.
    const fresh = await new CallerQuota(settings, store, () => new Date('2031-06-01T10:00:00Z')).remaining(who);
    expect(JSON.stringify(kept)).toBe(JSON.stringify(fresh));
    expect(kept.address).toEqual({ limit: 3, used: 3, remaining: 0, resetsAt: '2031-06-02T00:00:00.000Z' });
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.address) && Object.isFrozen(kept['country-data'])).toBe(true);
  });

  it("is not kept past another caller object's spend under the same id: each reads what the other spent", async () => {
    const quota = new CallerQuota(
      readCallerLimits({ DAILY_QUOTA_ADDRESS: '5' }, quotaDeclarations(INTERFACES)),
      createCounterStore({ logger: silentLogger }),
      () => new Date('2031-06-01T10:00:00Z'),
    );
    // Two tokens of one subject: two caller objects, one count.
    const [first, second] = [caller('jwt:same'), caller('jwt:same')];
    await Promise.all([quota.remaining(first), quota.remaining(second)]);
    await quota.spend(first, 'address', 2);
    expect((await quota.remaining(second)).address?.used).toBe(2);
    await quota.spend(second, 'address', 2);
    expect((await quota.remaining(first)).address?.used).toBe(4);
    expect(await quota.refusal(first, { declared: { address: 2 }, operations: [] })).toBeInstanceOf(GraphQLError);
    expect(await quota.refusal(second, { declared: { address: 1 }, operations: [] })).toBeUndefined();
  });
});

describe('paid lookups at C', () => {
  it('are the address lookups, resolutions, search and cleanse; key checks, suggestions, places and validations are free', () => {
    const paid = (method: string, path: string) => isPaidLookup(addressInterface.vendor.quota, method, path);
    expect(
      ['/postcodes/ID11QD', '/udprn/23747771', '/umprn/50906066', '/addresses', '/autocomplete/addresses/paf_1/usa'].every((path) =>
        paid('GET', path),
      ),
    ).toBe(true);
    expect(paid('POST', '/cleanse/addresses')).toBe(true);
    for (const path of [
      '/keys/iddqd',
      '/keys/ak_x/usage',
      '/autocomplete/addresses',
      '/places',
      '/places/geonames_1',
      '/emails',
      '/phone_numbers',
    ]) {
      expect(paid('GET', path)).toBe(false);
    }
    expect(isPaidLookup(countryDataInterface.vendor.quota, 'GET', '/udprn/1')).toBe(false);
  });

  it('are recognised below a base URL with a path of its own', () => {
    expect(pathBelow('https://api.ideal-postcodes.co.uk/v1', 'https://api.ideal-postcodes.co.uk/v1/udprn/0?api_key=x')).toBe('/udprn/0');
    expect(pathBelow('http://127.0.0.1:4103', 'http://127.0.0.1:4103/addresses?query=x')).toBe('/addresses');
  });
});
