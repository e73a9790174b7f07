import { describe, expect, it } from 'vitest';
import { answerLifetime } from './answer-lifetime.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (): number => NOW;
const get = (headers: Record<string, string>, status = 200): { method: string; status: number; headers: Record<string, string> } => ({
  method: 'GET',
  status,
  headers,
});

describe('answerLifetime', () => {
  it('reads max-age, s-maxage (a shared cache) and Expires against Date, less Age', () => {
    expect(answerLifetime(get({ 'cache-control': 'max-age=60' }), 5000, at)).toEqual({ ttlMs: 60_000, shared: true, private: false });
    expect(answerLifetime(get({ 'cache-control': 'max-age=60, s-maxage=10' }), 5000, at).ttlMs).toBe(10_000);
    expect(answerLifetime(get({ 'cache-control': 'max-age=60', age: '45' }), 5000, at).ttlMs).toBe(15_000);
    const expires = { date: new Date(NOW - 5000).toUTCString(), expires: new Date(NOW + 20_000).toUTCString() };
    expect(answerLifetime(get(expires), 5000, at).ttlMs).toBe(25_000);
    expect(answerLifetime(get({ expires: '0' }), 5000, at).ttlMs).toBe(0);
  });

  it('keeps nothing for no-store, no-cache or a failure; private only for the caller', () => {
    expect(answerLifetime(get({ 'cache-control': 'no-store' }), 5000, at)).toEqual({ ttlMs: 0, shared: false, private: false });
    expect(answerLifetime(get({ 'cache-control': 'no-cache' }), 5000, at).ttlMs).toBe(0);
    expect(answerLifetime(get({}, 500), 5000, at).ttlMs).toBe(0);
    expect(answerLifetime(get({ 'cache-control': 'private, max-age=30' }), 5000, at)).toEqual({
      ttlMs: 30_000,
      shared: false,
      private: true,
    });
  });

  it("stands in the interface's lifetime only where the vendor sends no caching headers", () => {
    expect(answerLifetime(get({}), 5000, at)).toEqual({ ttlMs: 5000, shared: true, private: false });
    expect(answerLifetime(get({}), 0, at).ttlMs).toBe(0);
    // Last-Modified alone is no promise: no heuristic lifetime is guessed from it.
    expect(answerLifetime(get({ 'last-modified': new Date(NOW - 86_400_000).toUTCString() }), 0, at).ttlMs).toBe(0);
    expect(answerLifetime(get({ 'cache-control': 'public' }), 5000, at).ttlMs).toBe(5000);
    expect(answerLifetime(get({ 'cache-control': 'no-cache' }), 5000, at).ttlMs).toBe(0);
  });
});
