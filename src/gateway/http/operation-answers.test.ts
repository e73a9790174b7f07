/**
 * A hit's bytes as the fast path serves them (hitBody, spliced around the kept answer) are the
 * bytes of the hit's result serialised whole, for any kept answer and any cost: data that holds
 * the very mark the splice uses included. A hit's caching headers count its lifetime down by the
 * second though they are reused within one; a repeated request's key, remembered by its shape,
 * is the key worked out afresh, and never another viewer's.
 */
import fc from 'fast-check';
import { buildSchema, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { etagOf, OperationCache } from '../cache/operation-cache.js';
import type { Caller } from '../callers/caller.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';
import { keptBody, OperationAnswers } from './operation-answers.js';

const MARK = '\u0000cost\u0000';

function entry(body: string) {
  return { body, etag: etagOf(body), expiresAt: Number.MAX_SAFE_INTEGER, private: false, operation: undefined };
}

describe('a hit body', () => {
  it('is byte for byte the hit result serialised, with or without a cost, whatever the data and extensions', () => {
    const value = fc.oneof(fc.jsonValue(), fc.constant(MARK), fc.constant({ cost: MARK, text: `"${MARK}"` }));
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), value),
        fc.option(fc.dictionary(fc.string(), value), { nil: undefined }),
        fc.option(fc.record({ quota: value }), { nil: undefined }),
        (data, extensions, cost) => {
          const kept = entry(keptBody({ data, ...(extensions ? { extensions } : {}) }));
          // The first serialises and splits the kept answer, the next use the split; the same
          // cost object again reuses its body, another cost (or none) between them does not.
          const other = { quota: { left: 1 } };
          for (const asked of [cost, cost, other, undefined, cost]) {
            expect(OperationAnswers.hitBody(kept, asked)).toBe(JSON.stringify(OperationAnswers.hitResult(kept, asked)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a hit's caching headers", () => {
  it('count the time left down by the whole second, the same within a second, no-store once it is gone', () => {
    let now = 1_000_000;
    const answers = new OperationAnswers({
      cache: new OperationCache({ maxBytes: 1024 }),
      credentials: () => [],
      varyOn: ['authorization'],
      now: () => now,
    });
    const kept = { ...entry('{"data":{}}'), expiresAt: now + 3_500 };
    const controls: string[] = [];
    for (const step of [0, 400, 100, 500, 1_000, 1_000, 499, 1]) {
      now += step;
      const headers = answers.hitHeaders(kept);
      expect(headers).toMatchObject({ etag: kept.etag, vary: 'authorization' });
      controls.push(headers['cache-control'] ?? '');
    }
    expect(controls).toEqual([
      'public, max-age=3',
      'public, max-age=3',
      'public, max-age=3',
      'public, max-age=2',
      'public, max-age=1',
      'no-store',
      'no-store',
      'no-store',
    ]);
    expect(answers.hitHeaders({ ...kept, expiresAt: now + 10_000, private: true })['cache-control']).toBe('private, max-age=10');
  });
});

describe("a repeated request's key", () => {
  const schema = buildSchema('type Query { country(code: String): String, countries(limit: Int): [String] }');
  const anonymous: Caller = { id: 'anonymous:127.0.0.1', scopes: new Set(), tier: 'anonymous', anonymous: true };
  const signedIn = (id: string, scopes: string[]): Caller => ({ id, scopes: new Set(scopes), tier: 'standard', anonymous: false });
  const headersOf = (sent: Record<string, string>): HeaderReader => ({ get: (name) => sent[name] ?? null });

  it("is the key worked out afresh, for every viewer, and never one viewer's for another", () => {
    const answers = new OperationAnswers({
      cache: new OperationCache({ maxBytes: 1024 }),
      credentials: (headers) => {
        const key = headers.get('x-api-key');
        return key === null ? [] : [['x-api-key', key]];
      },
      varyOn: ['authorization', 'x-api-key'],
    });
    const caller = fc.oneof(
      fc.constant(anonymous),
      fc.tuple(fc.constantFrom('alice', 'bob'), fc.subarray(['read', 'admin'])).map(([id, scopes]) => signedIn(id, scopes)),
    );
    const request = fc.record({
      query: fc.constantFrom('query A($code: String) { country(code: $code) }', '{ countries(limit: 3) }'),
      variables: fc.option(fc.dictionary(fc.constantFrom('code', 'limit'), fc.jsonValue()), { nil: undefined }),
      caller,
      sent: fc.option(fc.constantFrom('key-1', 'key-2'), { nil: undefined }),
    });
    const keyOf = (
      shape: object | undefined,
      {
        query,
        variables,
        caller,
        sent,
      }: { query: string; variables: Record<string, unknown> | undefined; caller: Caller; sent: string | undefined },
    ) => {
      const document = parse(query);
      const operation = document.definitions[0] as OperationDefinitionNode;
      const headers = headersOf(sent === undefined ? {} : { 'x-api-key': sent });
      return answers.plan({ schema, document, operation, variables, caller, headers, shape })?.key;
    };
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 6 }), (requests) => {
        // One shape per request text; each request's key by its shape and afresh.
        const shapes = new Map<string, object>();
        const byViewer = new Map<string, string>();
        for (const one of requests) {
          const text = JSON.stringify([one.query, one.variables]);
          const shape = shapes.get(text) ?? {};
          // No variables and empty ones are the same operation, and the same key.
          const asked = JSON.stringify([one.query, one.variables ?? {}]);
          shapes.set(text, shape);
          const remembered = keyOf(shape, one);
          expect(remembered).toBe(keyOf(undefined, one));
          const viewer = `${asked} ${one.caller.id} ${[...one.caller.scopes].sort().join(' ')} ${one.sent ?? ''}`;
          if (byViewer.has(viewer)) expect(byViewer.get(viewer)).toBe(remembered);
          else expect([...byViewer.entries()].filter(([, key]) => key === remembered)).toEqual([]);
          byViewer.set(viewer, remembered ?? '');
        }
      }),
      { numRuns: 300 },
    );
  });
});
