import { describe, expect, it } from 'vitest';
import { etagOf, OperationCache, operationKey, viewerOf } from './operation-cache.js';
import { MemoryStore } from './shared-store.js';

const anonymous = { anonymous: true, id: 'anonymous:10.0.0.1', scopes: new Set<string>() };
const alice = { anonymous: false, id: 'alice', scopes: new Set(['read']) };

describe('operationKey and viewerOf', () => {
  it('names one entry for variables in any order, and another for any other view', () => {
    const key = (variables: Record<string, unknown>, viewer = viewerOf(anonymous, [])): string =>
      operationKey({ document: '{ a }', operationName: undefined, variables, viewer });
    expect(key({ a: 1, b: { c: 2, d: 3 } })).toBe(key({ b: { d: 3, c: 2 }, a: 1 }));
    const views = [
      viewerOf(anonymous, []),
      viewerOf({ ...anonymous, id: 'anonymous:10.0.0.2' }, []),
      viewerOf(anonymous, [['x-country-api-key', 'rc_one']]),
      viewerOf(anonymous, [['x-country-api-key', 'rc_two']]),
      viewerOf(alice, []),
      viewerOf({ ...alice, scopes: new Set(['read', 'admin']) }, []),
      viewerOf(alice, [['x-country-api-key', 'rc_one']]),
      // A signed-in caller named like the anonymous view, with a scope shaped like a credential's part.
      viewerOf({ ...alice, id: 'anonymous', scopes: new Set([viewerOf(anonymous, [['x-country-api-key', 'rc_one']]).slice(10)]) }, []),
    ];
    // Anonymous callers share one view whatever their address; every credential and identity is its own.
    expect(new Set(views.map((viewer) => key({}, viewer))).size).toBe(7);
    expect(views[2]).not.toContain('rc_one');
  });
});

describe('OperationCache', () => {
  it('finds a kept answer until it expires, with a strong ETag of its bytes', async () => {
    let now = 0;
    const cache = new OperationCache({ maxBytes: 1000, now: () => now });
    const kept = cache.store('k', { body: '{"data":{"a":1}}', ttlMs: 2000, private: false, operation: 'A' });
    expect(kept.etag).toBe(etagOf('{"data":{"a":1}}'));
    // Without a shared store, known at once: the fast path answers a hit without a turn of the microtask queue.
    const found = cache.lookup('k', 'A');
    expect(found).not.toBeInstanceOf(Promise);
    expect((await found)?.body).toBe('{"data":{"a":1}}');
    now = 2000;
    expect(await cache.lookup('k', 'A')).toBeUndefined();
    expect(cache.heldBytes().size).toBe(0);
  });

  it('keeps nothing for a lifetime of 0', async () => {
    const cache = new OperationCache({ maxBytes: 1000 });
    cache.store('k', { body: '{}', ttlMs: 0, private: false, operation: undefined });
    expect(await cache.lookup('k', undefined)).toBeUndefined();
  });

  it('drops the least recently used answers past its bytes, and reports each eviction and lookup', async () => {
    const events: string[] = [];
    const observer = {
      operationCacheLookup: (operation: string | undefined, hit: boolean) => events.push(`${operation} ${hit ? 'hit' : 'miss'}`),
      operationCacheEviction: (operation: string | undefined) => events.push(`${operation} evicted`),
    };
    const cache = new OperationCache({ maxBytes: 25, observer });
    const body = '{"data":{"x":1}}'; // 16 bytes: one fits, two do not
    cache.store('a', { body, ttlMs: 1000, private: false, operation: 'A' });
    await cache.lookup('a', 'A');
    cache.store('b', { body, ttlMs: 1000, private: false, operation: 'B' });
    expect(await cache.lookup('a', 'A')).toBeUndefined();
    expect(events).toEqual(['A hit', 'A evicted', 'A miss']);
    expect([...cache.heldBytes()]).toEqual([['B', 16]]);
  });

  it('shares entries through the store, and never serves one whose bytes do not match its ETag', async () => {
    const store = new MemoryStore();
    const one = new OperationCache({ maxBytes: 1000, shared: store });
    const two = new OperationCache({ maxBytes: 1000, shared: store });
    one.store('k', { body: '{"data":{"a":1}}', ttlMs: 60_000, private: true, operation: 'A' });
    const shared = two.lookup('k', 'A');
    expect(shared).toBeInstanceOf(Promise);
    expect(await shared).toMatchObject({ body: '{"data":{"a":1}}', private: true });
    // Kept here once found there: the next lookup needs no store.
    expect(two.lookup('k', 'A')).not.toBeInstanceOf(Promise);
    const entry = JSON.parse((await store.get('k')) ?? '{}') as Record<string, unknown>;
    await store.set('t', JSON.stringify({ ...entry, body: '{"data":{"a":2}}' }), 60_000);
    await store.set('junk', 'not json', 60_000);
    expect(await new OperationCache({ maxBytes: 1000, shared: store }).lookup('t', 'A')).toBeUndefined();
    expect(await new OperationCache({ maxBytes: 1000, shared: store }).lookup('junk', 'A')).toBeUndefined();
  });

  it('refuses a bound that is not positive', () => {
    expect(() => new OperationCache({ maxBytes: 0 })).toThrow(RangeError);
  });
});
