/**
 * Anonymous callers are one frozen object per address, shared by that address's requests, and
 * what is remembered of them is bounded.
 */
import { describe, expect, it } from 'vitest';
import { anonymousCaller } from './caller.js';

describe('an anonymous caller', () => {
  it('is the same frozen object for one address, another for another, and "unknown" without one', () => {
    const first = anonymousCaller('203.0.113.7');
    expect(first).toEqual({ id: 'anonymous:203.0.113.7', scopes: new Set(), tier: 'anonymous', anonymous: true });
    expect(Object.isFrozen(first)).toBe(true);
    expect(anonymousCaller('203.0.113.7')).toBe(first);
    expect(anonymousCaller('203.0.113.8')).not.toBe(first);
    expect(anonymousCaller(undefined).id).toBe('anonymous:unknown');
    expect(anonymousCaller(undefined)).toBe(anonymousCaller(undefined));
  });

  it('is remembered for a bounded number of addresses, then made anew, with the same identity', () => {
    const first = anonymousCaller('198.51.100.1');
    for (let index = 0; index < 5000; index += 1) anonymousCaller(`10.0.${index >> 8}.${index & 255}`);
    const again = anonymousCaller('198.51.100.1');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
