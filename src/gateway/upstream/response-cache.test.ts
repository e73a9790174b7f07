import { describe, expect, it, vi } from 'vitest';
import { freshnessMs, ResponseCache, sharedKey } from './response-cache.js';
import { UpstreamAnswer } from './upstream-answer.js';

const answer = (cacheControl?: string, status = 200): UpstreamAnswer =>
  new UpstreamAnswer(status, cacheControl ? { 'cache-control': cacheControl } : {}, JSON.stringify({ nested: { list: [1] } }));

describe('freshnessMs', () => {
  it('honours max-age and s-maxage, refuses no-store, no-cache and private, and falls back to the default', () => {
    expect(freshnessMs('public, max-age=60', 5000)).toBe(60_000);
    expect(freshnessMs('s-maxage=7, max-age=60', 5000)).toBe(7000);
    expect(freshnessMs('no-store', 5000)).toBe(0);
    expect(freshnessMs('private, max-age=60', 5000)).toBe(0);
    expect(freshnessMs('no-cache', 5000)).toBe(0);
    expect(freshnessMs(null, 5000)).toBe(5000);
    expect(freshnessMs('public', 5000)).toBe(5000);
  });
});

describe('ResponseCache', () => {
  it('keeps a 2xx answer until it expires, and never an error', () => {
    let now = 0;
    const cache = new ResponseCache(1000, { maxEntries: 10, now: () => now });
    cache.offer('a', answer('max-age=2'));
    cache.offer('b', answer(undefined, 404));
    cache.offer('c', answer('no-store'));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    now = 1999;
    expect(cache.get('a')).toBeDefined();
    now = 2000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entries when full', () => {
    const cache = new ResponseCache(1000, { maxEntries: 2, now: () => 0 });
    for (const key of ['a', 'b', 'c']) cache.offer(key, answer());
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, true]);
    cache.get('b');
    cache.offer('d', answer());
    expect([cache.get('b'), cache.get('c'), cache.get('d')].map(Boolean)).toEqual([true, false, true]);
  });

  it('bounds the bytes it holds, whatever the number of entries', () => {
    const size = Buffer.byteLength(answer().text());
    const cache = new ResponseCache(1000, { maxEntries: 100, maxBytes: size * 2, now: () => 0 });
    for (const key of ['a', 'b', 'c']) cache.offer(key, answer());
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, true]);
  });

  it('counts Age against max-age, and reads Expires from the Date the vendor sent', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const cache = new ResponseCache(1000, { now: () => now });
    const body = JSON.stringify({});
    cache.offer('aged', new UpstreamAnswer(200, { 'cache-control': 'max-age=60', age: '50' }, body));
    cache.offer(
      'expires',
      new UpstreamAnswer(200, { date: new Date(now).toUTCString(), expires: new Date(now + 30_000).toUTCString() }, body),
    );
    const aged = cache.get('aged');
    const expires = cache.get('expires');
    expect(aged && cache.remainingMs(aged)).toBe(10_000);
    expect(expires && cache.remainingMs(expires)).toBe(30_000);
    now += 10_000;
    expect(cache.get('aged')).toBeUndefined();
    expect(cache.get('expires')).toBeDefined();
  });

  it('keeps parsed values deeply frozen, so no request can change what another reads', () => {
    const cache = new ResponseCache(1000);
    cache.offer('a', answer());
    const value = cache.get('a')?.value();
    expect(Object.isFrozen(value)).toBe(true);
    expect(() => {
      (value as { nested: { list: number[] } }).nested.list.push(2);
    }).toThrow(TypeError);
  });

  it('parses nothing when offered: an answer it will not keep costs nothing, a kept one is parsed on first use', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const cache = new ResponseCache(1000);
      cache.offer('kept', answer('max-age=60'));
      cache.offer('refused', answer('no-store'));
      expect(parse).not.toHaveBeenCalled();
      const kept = cache.get('kept');
      kept?.value();
      kept?.value();
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('ResponseCache and broken 200s', () => {
  const broken = (text: string): UpstreamAnswer => new UpstreamAnswer(200, { 'cache-control': 'max-age=60' }, text);

  it.each([
    ['an HTML page', '<html><body>Bad gateway</body></html>'],
    ['a cut-off body', '{"objects": [{"name": "Fra'],
    ['an empty body', ''],
  ])('never serves %s: the first hit drops it, so the vendor is asked again', (_name, text) => {
    const cache = new ResponseCache(1000);
    cache.offer('a', broken(text));
    expect(cache.get('a')).toBeUndefined();
    cache.offer('a', answer('max-age=60'));
    expect(cache.get('a')?.value()).toEqual({ nested: { list: [1] } });
  });

  it('writes no broken body to the shared store, where every replica would quote it', async () => {
    const written: string[] = [];
    const shared = { get: async () => undefined, set: async (key: string) => void written.push(key), close: async () => undefined };
    const cache = new ResponseCache(1000, { shared });
    cache.offer('a', broken('<html></html>'));
    cache.offer('b', answer('max-age=60'));
    expect(written).toEqual(['b']);
    expect(await cache.lookup('a')).toBeUndefined();
  });
});

describe('sharedKey', () => {
  it('holds credentials only as a hash', () => {
    const key = sharedKey('http://x/countries', { authorization: 'Bearer rc_secret_key' });
    expect(key).not.toContain('rc_secret_key');
    expect(key).not.toBe(sharedKey('http://x/countries', { authorization: 'Bearer other_key' }));
  });
});
