import { describe, expect, it } from 'vitest';
import { isIdempotent, isRetryableStatus, parseRetryAfter, RetryBudget, retryDelayMs } from './retry-policy.js';
import { scrubSecrets } from './scrub-secrets.js';
import { DEFAULT_UPSTREAM_SETTINGS, loadUpstreamSettings } from './upstream-settings.js';

describe('retry policy', () => {
  it('retries only idempotent methods and the statuses that mean "try again"', () => {
    expect(['GET', 'HEAD'].map(isIdempotent)).toEqual([true, true]);
    expect(['POST', 'PUT', 'DELETE'].map(isIdempotent)).toEqual([false, false, false]);
    expect([429, 502, 503, 504].map(isRetryableStatus)).toEqual([true, true, true, true]);
    expect([400, 401, 404, 500].map(isRetryableStatus)).toEqual([false, false, false, false]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with full jitter, and caps every wait', () => {
    const limits = { baseMs: 100, maxMs: 1000 };
    expect([1, 2, 3, 10].map((retry) => retryDelayMs(retry, undefined, limits, () => 0.999))).toEqual([99, 199, 399, 999]);
    expect(retryDelayMs(1, undefined, limits, () => 0)).toBe(0);
    expect(retryDelayMs(1, 5000, limits)).toBe(1000);
    expect(retryDelayMs(1, 300, limits)).toBe(300);
  });

  it('keeps retries to about the budget ratio of calls', () => {
    const budget = new RetryBudget(0.2);
    let retries = 0;
    for (let call = 0; call < 100; call += 1) {
      budget.recordCall();
      if (budget.tryRetry()) retries += 1;
    }
    expect(retries).toBeGreaterThanOrEqual(20);
    expect(retries).toBeLessThanOrEqual(24);
  });
});

describe('scrubSecrets', () => {
  it('replaces every occurrence of every secret, and leaves other text alone', () => {
    expect(scrubSecrets('Invalid credentials: api_key=sk_abc123 (sk_abc123)', ['sk_abc123', undefined, null])).toBe(
      'Invalid credentials: api_key=[redacted] ([redacted])',
    );
    expect(scrubSecrets('a plain message', ['sk_abc123'])).toBe('a plain message');
  });
});

describe('loadUpstreamSettings', () => {
  it('refuses a budget of buffered bodies smaller than one body', () => {
    expect(() => loadUpstreamSettings({ UPSTREAM_MAX_BUFFERED_BYTES: '1000', UPSTREAM_MAX_BODY_BYTES: '2000' })).toThrow(
      /UPSTREAM_MAX_BUFFERED_BYTES/,
    );
  });

  it('has defaults and names the variable when a value is malformed', () => {
    expect(loadUpstreamSettings({})).toEqual(DEFAULT_UPSTREAM_SETTINGS);
    expect(loadUpstreamSettings({ UPSTREAM_MAX_BODY_BYTES: '2048' }).maxBodyBytes).toBe(2048);
    expect(() => loadUpstreamSettings({ UPSTREAM_MAX_BODY_BYTES: '10MB' })).toThrow(/UPSTREAM_MAX_BODY_BYTES/);
    expect(loadUpstreamSettings({ UPSTREAM_BREAKER_FAILURE_RATE: '0.25' }).breakerFailureRate).toBe(0.25);
    expect(() => loadUpstreamSettings({ UPSTREAM_BREAKER_FAILURE_RATE: '1' })).toThrow(/UPSTREAM_BREAKER_FAILURE_RATE/);
    expect(() => loadUpstreamSettings({ UPSTREAM_BREAKER_MIN_CALLS: '0' })).toThrow(/UPSTREAM_BREAKER_MIN_CALLS/);
    expect(() => loadUpstreamSettings({ UPSTREAM_BREAKER_WINDOW_MS: '10' })).toThrow(/UPSTREAM_BREAKER_WINDOW_MS/);
    expect(() => loadUpstreamSettings({ UPSTREAM_RETRY_BUDGET_RATIO: '-1' })).toThrow(/UPSTREAM_RETRY_BUDGET_RATIO/);
  });
});
