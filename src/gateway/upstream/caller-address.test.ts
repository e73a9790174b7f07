import { describe, expect, it } from 'vitest';
import { callerAddress, isPublicAddress, parseForwardedFor } from './caller-address.js';

describe('parseForwardedFor', () => {
  it('keeps every valid hop in order, client first', () => {
    expect(parseForwardedFor('81.2.69.142, 10.0.0.1, 2001:db8::1')).toEqual(['81.2.69.142', '10.0.0.1', '2001:db8::1']);
  });

  it('skips hops that are not addresses instead of passing them on', () => {
    expect(parseForwardedFor('unknown, not-an-ip, 999.1.1.1, 81.2.69.142')).toEqual(['81.2.69.142']);
    expect(parseForwardedFor('_hidden')).toEqual([]);
  });

  it('reduces ports, brackets, quotes and IPv4-mapped IPv6 to the bare address', () => {
    expect(parseForwardedFor('81.2.69.142:8080, "[2001:db8::1]:443", ::ffff:81.2.69.142')).toEqual([
      '81.2.69.142',
      '2001:db8::1',
      '81.2.69.142',
    ]);
  });

  it('answers no hops for an absent or empty header', () => {
    expect(parseForwardedFor(undefined)).toEqual([]);
    expect(parseForwardedFor(null)).toEqual([]);
    expect(parseForwardedFor(' , ')).toEqual([]);
  });
});

describe('callerAddress', () => {
  it('prefers the first valid forwarded hop', () => {
    expect(callerAddress('garbage, 81.2.69.142', '127.0.0.1')).toBe('81.2.69.142');
  });

  it('falls back to the socket address when no hop is valid', () => {
    expect(callerAddress('garbage', '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(callerAddress(null, '::1')).toBe('::1');
  });

  it('answers undefined when nothing usable is known', () => {
    expect(callerAddress('garbage', undefined)).toBeUndefined();
    expect(callerAddress(undefined, 'not-an-address')).toBeUndefined();
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.0.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses and refuses non-addresses', () => {
    expect(isPublicAddress('81.2.69.142')).toBe(true);
    expect(isPublicAddress('2a00:1450::1')).toBe(true);
    expect(isPublicAddress('garbage')).toBe(false);
  });
});
