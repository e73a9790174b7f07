import { describe, expect, it } from 'vitest';
import { cacheControl, notModified } from './http-caching.js';

describe('cacheControl', () => {
  it('is public only when nothing the caller sent shaped the answer, and no-store when it may not be kept', () => {
    expect(cacheControl({ ttlMs: 60_000, shared: true, private: false }, false)).toBe('public, max-age=60');
    expect(cacheControl({ ttlMs: 60_000, shared: true, private: false }, true)).toBe('private, max-age=60');
    expect(cacheControl({ ttlMs: 30_500, shared: false, private: true }, false)).toBe('private, max-age=30');
    expect(cacheControl({ ttlMs: 999, shared: true, private: false }, false)).toBe('no-store');
    expect(cacheControl({ ttlMs: 60_000, shared: false, private: false }, false)).toBe('no-store');
  });
});

describe('notModified', () => {
  it('compares entity tags weakly, in a list, and takes *', () => {
    expect(notModified('"abc"', '"abc"')).toBe(true);
    expect(notModified('"x", W/"abc"', '"abc"')).toBe(true);
    expect(notModified('*', '"abc"')).toBe(true);
    expect(notModified('"abd"', '"abc"')).toBe(false);
    expect(notModified(null, '"abc"')).toBe(false);
  });
});
