import { describe, expect, it } from 'vitest';
import { callerAddress, isPublicAddress, parseTrustProxy } from './caller-address.js';

const trustAll = parseTrustProxy('true');

describe('callerAddress', () => {
  it('reduces ports, brackets, quotes and IPv4-mapped IPv6 to the bare address', () => {
    expect(callerAddress('81.2.69.142:8080', '127.0.0.1')).toBe('81.2.69.142');
    expect(callerAddress('"[2001:db8::1]:443"', '127.0.0.1')).toBe('2001:db8::1');
    expect(callerAddress('::ffff:81.2.69.142', '::ffff:127.0.0.1')).toBe('81.2.69.142');
  });

  it('believes X-Forwarded-For only through trusted hops, walking from the peer leftwards', () => {
    // The default trusts loopback and private peers: the public address a proxy appended is the caller.
    expect(callerAddress('198.51.100.7, 81.2.69.142, 10.0.0.2', '127.0.0.1')).toBe('81.2.69.142');
    expect(callerAddress('198.51.100.1, 10.0.0.2', '::ffff:127.0.0.1')).toBe('198.51.100.1');
    // A public peer is not a proxy of ours: what it claims is ignored.
    expect(callerAddress('81.2.69.142', '203.0.113.5')).toBe('203.0.113.5');
    expect(callerAddress('81.2.69.142', '127.0.0.1', parseTrustProxy('false'))).toBe('127.0.0.1');
    expect(callerAddress('198.51.100.7, 81.2.69.142, 10.0.0.2', '127.0.0.1', trustAll)).toBe('198.51.100.7');
  });

  it('stops at a malformed hop, answering the last address vouched for', () => {
    expect(callerAddress('garbage, 81.2.69.142', '127.0.0.1')).toBe('81.2.69.142');
    expect(callerAddress('81.2.69.142, unknown, 10.0.0.3', '127.0.0.1')).toBe('10.0.0.3');
    expect(callerAddress('garbage', '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(callerAddress(null, '::1')).toBe('::1');
  });

  it('judges an in-process request (no socket) as one from loopback', () => {
    expect(callerAddress('81.2.69.142', undefined)).toBe('81.2.69.142');
    expect(callerAddress('81.2.69.142', undefined, parseTrustProxy('false'))).toBeUndefined();
  });

  it('answers undefined when nothing usable is known', () => {
    expect(callerAddress('garbage', undefined)).toBeUndefined();
    expect(callerAddress(undefined, 'not-an-address')).toBeUndefined();
  });
});

describe('parseTrustProxy', () => {
  it('reads a hop count: that many hops from the peer vouch', () => {
    const one = parseTrustProxy('1');
    expect(callerAddress('198.51.100.7, 81.2.69.142', '203.0.113.5', one)).toBe('81.2.69.142');
    expect(callerAddress('198.51.100.7, 81.2.69.142', '203.0.113.5', parseTrustProxy('2'))).toBe('198.51.100.7');
    expect(callerAddress('81.2.69.142', '203.0.113.5', parseTrustProxy('0'))).toBe('203.0.113.5');
  });

  it('reads named ranges, addresses and CIDRs, comma-separated', () => {
    const trust = parseTrustProxy('linklocal, 203.0.113.0/24, 2001:db8::1');
    expect(trust('169.254.1.1', 0)).toBe(true);
    expect(trust('fe80::1', 0)).toBe(true);
    expect(trust('203.0.113.200', 0)).toBe(true);
    expect(trust('2001:db8::1', 0)).toBe(true);
    expect(trust('2001:db8::2', 0)).toBe(false);
    expect(trust('127.0.0.1', 0)).toBe(false);
    const uniquelocal = parseTrustProxy('uniquelocal');
    for (const address of ['10.1.2.3', '172.20.0.1', '192.168.1.1', 'fd00::1']) expect(uniquelocal(address, 0), address).toBe(true);
    expect(uniquelocal('172.32.0.1', 0)).toBe(false);
  });

  it('names the entry it cannot read', () => {
    for (const value of ['yes', '10.0.0.0/', '10.0.0.0/33', 'private', '1.2.3.4/x'])
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY .*cannot read/);
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
