import { describe, expect, it } from 'vitest';
import { anonymousCaller, type Caller } from './caller.js';
import { dailyQuotaOf, DEFAULT_CALLER_LIMITS, ratePerMinuteOf, readCallerLimits } from './caller-limits.js';
import { UPSTREAM_VARIABLES } from '../config.js';

const partner: Caller = { id: 'key:partner-1', scopes: new Set(), tier: 'partner-eu', anonymous: false };

describe('readCallerLimits', () => {
  it('defaults to 600 a minute per caller, 60 per anonymous address, and no daily quota', () => {
    const settings = readCallerLimits({}, UPSTREAM_VARIABLES);
    expect(settings).toEqual({ ...DEFAULT_CALLER_LIMITS, vendors: UPSTREAM_VARIABLES });
    expect(ratePerMinuteOf(settings, partner)).toBe(600);
    expect(ratePerMinuteOf(settings, anonymousCaller('203.0.113.9'))).toBe(60);
    expect(dailyQuotaOf(settings, partner, 'address')).toBeUndefined();
  });

  it('reads the default, per-tier rates and per-vendor quotas, a tier winning over the default', () => {
    const settings = readCallerLimits(
      {
        RATE_LIMIT_PER_MINUTE: '100',
        RATE_LIMIT_PER_MINUTE_PARTNER_EU: '1000',
        DAILY_QUOTA_ADDRESS: '50',
        DAILY_QUOTA_ADDRESS_PARTNER_EU: '5000',
        DAILY_QUOTA_COUNTRY: '0',
      },
      UPSTREAM_VARIABLES,
    );
    expect(ratePerMinuteOf(settings, partner)).toBe(1000);
    expect(ratePerMinuteOf(settings, { ...partner, tier: 'standard' })).toBe(100);
    expect(dailyQuotaOf(settings, partner, 'address')).toBe(5000);
    expect(dailyQuotaOf(settings, anonymousCaller(undefined), 'address')).toBe(50);
    expect(dailyQuotaOf(settings, partner, 'country-data')).toBe(0);
    expect(dailyQuotaOf(settings, partner, 'blockchain-utility')).toBeUndefined();
  });

  it("lets a caller's own limits win over its tier's", () => {
    const settings = readCallerLimits({ DAILY_QUOTA_CRYPTO: '10' }, UPSTREAM_VARIABLES);
    const own: Caller = { ...partner, limits: { ratePerMinute: 7, dailyQuota: { 'crypto-analytics': 3 } } };
    expect(ratePerMinuteOf(settings, own)).toBe(7);
    expect(dailyQuotaOf(settings, own, 'crypto-analytics')).toBe(3);
  });

  it('names every malformed variable at once', () => {
    expect(() => readCallerLimits({ RATE_LIMIT_PER_MINUTE: 'lots', DAILY_QUOTA_ADDRESS: '-1' }, UPSTREAM_VARIABLES)).toThrow(
      'RATE_LIMIT_PER_MINUTE must be a whole number of at least 0, got "lots"; DAILY_QUOTA_ADDRESS must be a whole number of at least 0, got "-1"',
    );
  });
});
