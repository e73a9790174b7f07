/**
 * A hit's bytes as the fast path serves them (hitBody, spliced around the kept answer) are the
 * bytes of the hit's result serialised whole, for any kept answer and any cost: data that holds
 * the very mark the splice uses included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagOf } from '../cache/operation-cache.js';
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
          // Twice: the first serialises and splits the kept answer, the second uses the split.
          for (let time = 0; time < 2; time += 1) {
            expect(OperationAnswers.hitBody(kept, cost)).toBe(JSON.stringify(OperationAnswers.hitResult(kept, cost)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
